/**
 * The schema v2 flatbuffer tables, the classes flatc 2.0.8 generates from {@code src/main/fbs}, and the slot constants
 * of every table and the verifier's walk over them ({@code io.github.vwbinlog.schema.Slots} and {@code TableWalk}):
 * all written at build time into {@code target/generated-sources/schema} by our own generator from the same files
 * (docs/SCHEMA.md). Internal to vw-binlog: only the core module reads them, and only after verifying the bytes they
 * wrap.
 */
module io.github.vwbinlog.schema {
  requires transitive flatbuffers.java;

  exports reinforcement_learning.messages.flatbuff.v2 to io.github.vwbinlog.core;
  exports io.github.vwbinlog.schema to io.github.vwbinlog.core;
}
