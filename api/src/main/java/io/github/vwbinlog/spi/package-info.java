/** Internal: the service interface through which the API finds vw-binlog core. Exported only to core. */
@NullMarked
package io.github.vwbinlog.spi;

import org.jspecify.annotations.NullMarked;
