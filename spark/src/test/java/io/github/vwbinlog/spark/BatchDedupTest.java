package io.github.vwbinlog.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * {@link BatchDedup}: an interaction of a DEDUP batch gets the DedupInfo of its own batch only (same file, same batch
 * offset, index 0, read before it), every other event null; DedupInfo and unknown events are left out.
 */
class BatchDedupTest {
  /** A row of {@link VwBinlogJoin#COLUMNS}; the payload is the event's name, to tell which DedupInfo was attached. */
  private static InternalRow row(String file, long batch, String encoding, int index, String stream, String name) {
    return new GenericInternalRow(new Object[] {UTF8String.fromString(file), batch, UTF8String.fromString(encoding),
        index, batch + 100 + index, UTF8String.fromString(stream), UTF8String.fromString(name),
        UTF8String.fromString(stream.equals("dedup") ? "dedup_info" : "cb"), null, name.getBytes()});
  }

  /** The rows out as "name=attached DedupInfo's name" (or "null"). */
  private static List<String> attach(InternalRow... rows) {
    Iterator<InternalRow> out = new BatchDedup().call(List.of(rows).iterator());
    List<String> seen = new ArrayList<>();
    while (out.hasNext()) {
      InternalRow r = out.next();
      assertThat(r.numFields()).isEqualTo(VwBinlogJoin.COLUMNS.size() + 1);
      int dedup = VwBinlogJoin.COLUMNS.size();
      seen.add(r.getUTF8String(6) + "=" + (r.isNullAt(dedup) ? "null" : new String(r.getBinary(dedup))));
    }
    return seen;
  }

  @Test
  void eachInteractionTakesTheDedupInfoOfItsOwnBatch() {
    assertThat(attach(
        row("a", 0, "DEDUP", 0, "dedup", "d-a0"),
        row("a", 0, "DEDUP", 1, "interaction", "i1"),
        row("a", 0, "DEDUP", 2, "interaction", "i2"),
        // a DEDUP batch whose DedupInfo is not among the rows (filtered out): not the previous batch's
        row("a", 50, "DEDUP", 1, "interaction", "i3"),
        // the same batch offset in another file
        row("b", 0, "DEDUP", 1, "interaction", "i4"),
        row("b", 0, "DEDUP", 0, "dedup", "d-b0"),
        row("b", 0, "DEDUP", 1, "dedup", "d-b0-second"),
        row("b", 0, "DEDUP", 2, "interaction", "i5"),
        row("b", 0, "DEDUP", 3, "observation", "o1"),
        row("b", 0, "DEDUP", 4, "unknown", "u1"),
        row("b", 90, "IDENTITY", 0, "interaction", "i6"),
        row("b", 90, "IDENTITY", 1, "episode", "e1")))
        .containsExactly("i1=d-a0", "i2=d-a0", "i3=null", "i4=null", "i5=d-b0", "o1=null", "i6=null", "e1=null");
  }

  @Test
  void anEmptyPartitionHasNoRows() {
    assertThat(attach()).isEmpty();
    assertThat(attach(row("a", 0, "DEDUP", 0, "dedup", "d"))).isEmpty();
  }
}
