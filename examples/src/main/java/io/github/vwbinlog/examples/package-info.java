/**
 * Small programs that use vw-binlog as an application does: iterate messages, compute rewards for one event id,
 * convert a file to DSJSON, write a synthetic log.
 */
@NullMarked
package io.github.vwbinlog.examples;

import org.jspecify.annotations.NullMarked;
