package io.github.vwbinlog.core.flatbuf;

import io.github.vwbinlog.schema.TableWalk;

/**
 * A table of schema v2 that a flatbuffer can have as its root, as {@link FlatVerifier} takes it. Instances are the
 * constants of {@link Schema}; what the table holds is the generated {@link TableWalk}'s, from the {@code .fbs} files.
 *
 * <pre>{@code
 * FlatVerifier.verify(payload, 0, payload.limit(), Schema.JOINED_PAYLOAD, ReadLimits.defaults());
 * }</pre>
 */
public final class TableType {
  private final int id;

  /** The table {@code id} of {@link TableWalk}. */
  TableType(int id) {
    this.id = id;
    TableWalk.name(id); // rejects an unknown id
  }

  /** The table's id in {@link TableWalk}. */
  int id() {
    return id;
  }

  /** The table's name as the {@code .fbs} files declare it, such as {@code "CbEvent"}. */
  public String name() {
    return TableWalk.name(id);
  }

  /** How many vtable slots the table has (a union takes two: its tag, then its value). */
  public int slotCount() {
    return TableWalk.slotCount(id);
  }

  @Override
  public String toString() {
    return name();
  }
}
