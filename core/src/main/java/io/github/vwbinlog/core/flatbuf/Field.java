package io.github.vwbinlog.core.flatbuf;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One vtable slot of a {@link TableType}: what the verifier must check for it. Immutable once its table is built.
 *
 * <p>The kinds are exactly the shapes schema v2 uses. A union takes two slots, as flatc lays it out: a
 * {@link Kind#UNION_TAG} byte, then the {@link Kind#UNION} offset in the next slot.
 */
final class Field {

  /** The shape of a slot, which decides the checks. */
  enum Kind {
    /** An inline scalar of {@link #size} bytes, aligned to its size. */
    SCALAR,
    /** An inline struct of {@link #size} bytes, aligned to {@link #align}. */
    STRUCT,
    /** An offset to a string: a byte vector followed by a 0 byte. */
    STRING,
    /** An offset to a vector of scalars of {@link #size} bytes each (byte vectors included). */
    VECTOR,
    /** An offset to a vector of offsets to tables of type {@link #table}. */
    TABLE_VECTOR,
    /** An offset to a vector of offsets to strings. */
    STRING_VECTOR,
    /** An offset to a table of type {@link #table}. */
    TABLE,
    /** The one-byte type tag of the union in the next slot. */
    UNION_TAG,
    /** An offset to the value of a union; {@link #members} says what each tag points to. */
    UNION
  }

  final String name;
  final Kind kind;
  final int size;
  final int align;
  final @Nullable TableType table;
  /** For {@link Kind#UNION}: the member for each tag value; null entries (tag 0, NONE) point to nothing. */
  final @Nullable Field[] members;
  /** The table this slot belongs to, set once when the table is built; used in problem reports. */
  private @Nullable String owner;

  private Field(String name, Kind kind, int size, int align, @Nullable TableType table,
      @Nullable Field[] members) {
    this.name = name;
    this.kind = kind;
    this.size = size;
    this.align = align;
    this.table = table;
    this.members = members;
  }

  private static final @Nullable Field[] NO_MEMBERS = new Field[0];

  /** A scalar (bool, enum, number) of 1, 2, 4 or 8 bytes. */
  static Field scalar(String name, int size) {
    if (size != 1 && size != 2 && size != 4 && size != 8) {
      throw new IllegalArgumentException("scalar size " + size);
    }
    return new Field(name, Kind.SCALAR, size, size, null, NO_MEMBERS);
  }

  /** The 12-byte {@code TimeStamp} struct, aligned 4 (its largest member is a u32). */
  static Field timeStamp(String name) {
    return new Field(name, Kind.STRUCT, 12, 4, null, NO_MEMBERS);
  }

  /** A string. */
  static Field string(String name) {
    return new Field(name, Kind.STRING, 1, 1, null, NO_MEMBERS);
  }

  /** A vector of scalars of {@code elementSize} bytes. */
  static Field vector(String name, int elementSize) {
    return new Field(name, Kind.VECTOR, elementSize, elementSize, null, NO_MEMBERS);
  }

  /** A {@code [ubyte]}: checked as a byte vector only, even when it holds a nested flatbuffer. */
  static Field bytes(String name) {
    return vector(name, 1);
  }

  /** A vector of tables. */
  static Field tables(String name, TableType element) {
    return new Field(name, Kind.TABLE_VECTOR, 4, 4, Objects.requireNonNull(element), NO_MEMBERS);
  }

  /** A vector of strings. */
  static Field strings(String name) {
    return new Field(name, Kind.STRING_VECTOR, 4, 4, null, NO_MEMBERS);
  }

  /** A sub-table. */
  static Field table(String name, TableType type) {
    return new Field(name, Kind.TABLE, 4, 4, Objects.requireNonNull(type), NO_MEMBERS);
  }

  /** The type tag of a union: a {@code ubyte} in the slot before the union's value. */
  static Field unionTag(String name) {
    return new Field(name, Kind.UNION_TAG, 1, 1, null, NO_MEMBERS);
  }

  /**
   * A union value. {@code members[t]} is the field shape tag {@code t} points to ({@link #table} or {@link #string});
   * index 0 (NONE) must be null. Tags beyond the array are unknown to this schema.
   */
  static Field union(String name, @Nullable Field... members) {
    if (members.length == 0 || members[0] != null) {
      throw new IllegalArgumentException("tag 0 of union " + name + " is NONE");
    }
    return new Field(name, Kind.UNION, 4, 4, null, members.clone());
  }

  /** Whether the slot holds a uoffset to something outside the table. */
  boolean isOffset() {
    return kind != Kind.SCALAR && kind != Kind.STRUCT && kind != Kind.UNION_TAG;
  }

  void setOwner(String table) {
    if (owner != null) {
      throw new IllegalStateException("field " + name + " already belongs to " + owner);
    }
    owner = table;
  }

  /** {@code Table.field}, as problem reports name it. */
  String qualifiedName() {
    return (owner == null ? "?" : owner) + "." + name;
  }

  @Override
  public String toString() {
    return qualifiedName() + " (" + kind + ")";
  }
}
