package io.github.vwbinlog.core.flatbuf;

import java.util.List;

/**
 * The layout of one flatbuffer table of schema v2, as the verifier needs it: one {@link Field} per vtable slot, in
 * declaration order (slot {@code n} lives at vtable byte offset {@code 4 + 2n}). Instances are the constants of
 * {@link Schema}; there is no other way to make one, which keeps the table graph acyclic and the verifier's recursion
 * bounded by the schema.
 *
 * <pre>{@code
 * FlatVerifier.verify(payload, 0, payload.limit(), Schema.JOINED_PAYLOAD, ReadLimits.defaults());
 * }</pre>
 */
public final class TableType {
  private final String name;
  private final Field[] slots;

  /**
   * Builds a table from its slots. Unions must be declared as flatc lays them out: the tag slot immediately before
   * the value slot.
   */
  TableType(String name, Field... slots) {
    this.name = name;
    this.slots = slots.clone();
    for (int i = 0; i < this.slots.length; i++) {
      Field f = this.slots[i];
      f.setOwner(name);
      if (f.kind == Field.Kind.UNION && (i == 0 || this.slots[i - 1].kind != Field.Kind.UNION_TAG)) {
        throw new IllegalArgumentException("union " + name + "." + f.name + " lacks its tag in slot " + (i - 1));
      }
    }
  }

  /** The schema's name of the table, for example {@code CbEvent}. */
  public String name() {
    return name;
  }

  /** The number of vtable slots the schema declares (a union counts two). */
  public int slotCount() {
    return slots.length;
  }

  /** The slot descriptions, for the verifier and tests. */
  Field slot(int slot) {
    return slots[slot];
  }

  /** The slot descriptions as a list, for tests. */
  List<Field> slots() {
    return List.of(slots);
  }

  @Override
  public String toString() {
    return name;
  }
}
