/**
 * The {@code vw-binlog} command line: one picocli command class per subcommand, on top of the public API only.
 */
@NullMarked
package io.github.vwbinlog.cli;

import org.jspecify.annotations.NullMarked;
