/** vw-binlog core: the implementation behind the public API. Internal; nothing here is exported. */
@NullMarked
package io.github.vwbinlog.core;

import org.jspecify.annotations.NullMarked;
