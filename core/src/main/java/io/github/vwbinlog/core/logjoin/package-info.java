/**
 * The joiner of rlclientlib's event files ({@link io.github.vwbinlog.join.LogJoiner}): the inputs merged by client
 * time ({@code EventStream}, {@code DefaultLogJoiner}), the windowed left outer join by event id with a watermark
 * ({@code WindowJoin}), and the joined log written as VW's joiner reads it ({@code JoinedLogOutput}). Uses eventfile
 * (the one reader of event files), event, and write (the one log writer).
 */
@NullMarked
package io.github.vwbinlog.core.logjoin;

import org.jspecify.annotations.NullMarked;
