package io.github.vwbinlog.core.flatbuf;

import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.schema.TableWalk;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Structural verification of a schema v2 flatbuffer, equivalent to the FlatBuffers C++ {@code Verifier} at its
 * default settings (alignment checked, depth ≤ 64, ≤ 1,000,000 tables), so that the flatc-generated Java accessors
 * can then read the buffer without throwing or reading outside it. flatbuffers-java has no verifier of its own.
 *
 * <p>The buffer is a region of a {@link ByteBuffer}: {@code length} bytes from index {@code start}. Offsets in
 * problem reports and alignment both count from the region start, as C++ counts from the start of the buffer it is
 * given; the buffer's byte order and position are ignored (flatbuffers are little-endian) and left unchanged.
 *
 * <p>What is checked, as C++ does:
 *
 * <ul>
 *   <li>the buffer is at least 12 bytes ({@code FLATBUFFERS_MIN_BUFFER_SIZE});
 *   <li>every uoffset (the root, fields pointing to tables, vectors and strings) is 4-aligned and in bounds, is not 0,
 *       is below 2<sup>31</sup> and points inside the buffer;
 *   <li>every table is 4-aligned with its soffset in bounds; its vtable is 2-aligned, has an even size and lies
 *       wholly in the buffer;
 *   <li>every field present in the vtable has its inline bytes in bounds and aligned to their size (1, 2, 4 or 8 for
 *       scalars, 4 for the 12-byte {@code TimeStamp});
 *   <li>every vector and string has a 4-aligned length that fits below 2<sup>31</sup> bytes and data in bounds, and
 *       every string has its terminating 0 byte; vectors of tables and of strings are verified element by element;
 *   <li>every union value is verified as the member its tag names (table or string); the offset itself is checked
 *       whatever the tag;
 *   <li>tables nest at most {@link ReadLimits#maxDepth()} deep (the root is depth 1) and at most
 *       {@link ReadLimits#maxTables()} tables are visited.
 * </ul>
 *
 * <p>Choices, each matching C++ unless said otherwise:
 *
 * <ul>
 *   <li><b>Unknown union tags are accepted</b> without looking at the value (only its offset is checked): flatc's
 *       generated C++ {@code Verify<Union>()} ends in {@code default: return true}, so that buffers written with a
 *       newer schema that has more union members still verify. The value behind an unknown tag is never read here;
 *       the layers above decide what such an outcome means. Tag 0 (NONE) is treated the same way.
 *   <li><b>Beyond C++</b>: a vtable size or field offset above 32767 is rejected. C++ reads them as unsigned 16-bit
 *       values, flatbuffers-java's generated accessors as signed ones, so such a table would be read before its start
 *       (found by fuzzing). No table of schema v2 comes near: the largest has 7 slots.
 *   <li>Neither a table's inline size (the second vtable entry) nor a minimum vtable size is checked: the generated
 *       accessors never read the inline size, and a slot beyond a short vtable is simply absent. Slots beyond those
 *       the schema declares (a newer writer's fields) are ignored.
 *   <li>Vector elements that are offsets (tables, strings) are followed as C++'s {@code VerifyVectorOf...} do, without
 *       the zero and sign checks of a field offset; the target's own checks catch a bad element.
 *   <li><b>Beyond C++</b>: no vector or string may declare more than {@link ReadLimits#maxVectorLength()} elements.
 *       With the default limits this rejects nothing a real log can contain.
 *   <li><b>Beyond C++: no amplification.</b> The element bytes of every vector and string reached, counted each time
 *       an offset leads to it, may not add up to more than the buffer's size. Where nothing is shared that sum is at
 *       most the buffer's size, since the vectors lie side by side in it; a buffer whose offsets lead to the same data
 *       many times (a vector of a million offsets to one large string, a million tables sharing one vector) is
 *       rejected, so that what a reader decodes from a buffer is never more than the buffer itself. C++ bounds such
 *       buffers only by its table count, which leaves a quadratic blow-up: a 1 MB buffer could make a reader
 *       materialise gigabytes. FlatBufferBuilder shares data only through {@code CreateSharedString}, and only a
 *       buffer that saves more than its own overhead that way could be refused.
 * </ul>
 *
 * <p>A limit of {@link ReadLimits} that is exceeded (depth, tables, vector length) is reported as "<i>what</i>
 * (<i>value</i>) exceeds the maximum (<i>limit</i>)", and {@link #limitExceeded()} then tells which, so that callers
 * report {@link io.github.vwbinlog.DiagnosticReason#LIMIT_EXCEEDED} rather than a malformed buffer.
 *
 * <p>Nested flatbuffers ({@code JoinedEvent.event}, {@code Event.payload}) are checked as byte vectors only; verify
 * each as a root of its own before reading it.
 *
 * <p>Which tables hold which fields is not written here: the walk over the tables is {@link TableWalk}, generated from
 * the {@code .fbs} files, and this class supplies the checks it makes at each table, field, vector and string.
 *
 * <p><b>The fields it found.</b> While it walks, the verifier resolves each field of each table through the table's
 * vtable; it keeps where the fields of the first {@link #RECORDED_TABLES} tables it visits are ({@link #field}), so
 * that a reader of the buffer just verified (the event scan) reads them without resolving the vtables again.
 *
 * <p>Verification never throws on any content: every read is bounds-checked first and offsets are computed in
 * {@code long}. An instance keeps per-call state, so it is not thread-safe, but it can be reused; a reused instance
 * allocates nothing for a buffer that verifies.
 *
 * <pre>{@code
 * String problem = FlatVerifier.verify(payload, 0, payload.limit(), Schema.JOINED_PAYLOAD, ReadLimits.defaults());
 * if (problem != null) {
 *   // "vtable of table JoinedEvent at 84 (at 70, 12 bytes) extends beyond the buffer (size 90)"
 * }
 * }</pre>
 */
public final class FlatVerifier extends TableWalk {

  /** C++ {@code FLATBUFFERS_MAX_BUFFER_SIZE}: buffers, and so vectors, stay below 2^31 bytes. */
  static final long MAX_BUFFER_SIZE = 0x7FFF_FFFFL;
  /**
   * The largest vtable size and field offset accepted: flatbuffers-java's accessors read these 16-bit values signed
   * ({@code bb.getShort}), where C++ reads them unsigned, so a larger value would make the generated code read before
   * the table.
   */
  static final int MAX_VOFFSET = 0x7FFF;
  /** C++ {@code FLATBUFFERS_MIN_BUFFER_SIZE}: root uoffset, soffset and a two-entry vtable. */
  static final int MIN_BUFFER_SIZE = 12;
  /** How many tables, in the order the walk visits them, have their fields kept for {@link #field}. */
  public static final int RECORDED_TABLES = 7;
  /** Eight slots per table (the largest table of schema v2 has 7); the row after the recorded ones is scratch. */
  private static final int SLOT_BITS = 3;
  /** Where {@link #table} puts the table's row of {@link #fields} in the vtable value it returns. */
  private static final int ROW_SHIFT = 48;

  private static final ByteBuffer NO_BUFFER = ByteBuffer.allocate(0);

  private final int maxDepth;
  private final int maxTables;
  private final int maxVectorLength;

  // State of the current call. The buffer is dropped after each call, so a kept verifier pins no mapped file.
  private ByteBuffer buf = NO_BUFFER;
  // The little-endian heap buffer's array, read directly (LittleEndian), or null to read through buf. The event scan
  // verifies heap copies: a ByteBuffer read is a chain of JDK methods, slower and larger once compiled.
  private byte @Nullable [] array;
  // Where the region starts: in array when there is one, else in buf.
  private int base;
  private int size;
  private boolean swap;
  private int depth;
  private int tables;
  private long reachedBytes;
  private @Nullable String problem;
  private @Nullable LimitExceeded limit;
  // Where the fields of the tables visited are, by (table visited, slot): see field(). Written for every field the
  // walk checks, so nothing stale is left of a table that was visited; tables after the recorded ones share the last
  // row, which is never read.
  private final int[] fields = new int[(RECORDED_TABLES + 1) << SLOT_BITS];

  /**
   * A {@link ReadLimits} bound that a buffer exceeded.
   *
   * @param what what was limited: "nesting depth", "table count" or "vector length"
   * @param value the buffer's value
   * @param limit the limit it exceeds
   */
  public record LimitExceeded(String what, long value, long limit) {}

  /**
   * A reusable verifier.
   *
   * @param limits the depth, table count and vector length limits to apply
   */
  public FlatVerifier(ReadLimits limits) {
    this.maxDepth = limits.maxDepth();
    this.maxTables = limits.maxTables();
    this.maxVectorLength = limits.maxVectorLength();
  }

  /**
   * Verifies one flatbuffer with a new verifier.
   *
   * @param buffer the buffer holding the flatbuffer
   * @param start the index in {@code buffer} where the flatbuffer starts (its root uoffset)
   * @param length the flatbuffer's length in bytes
   * @param root the type of the root table
   * @param limits the limits to apply
   * @return null if the buffer is valid, else what is wrong with it and where (offsets count from {@code start})
   * @throws IndexOutOfBoundsException if the region is not within {@code buffer}'s limit (a caller's error, never
   *     the content's)
   */
  public static @Nullable String verify(ByteBuffer buffer, int start, int length, TableType root, ReadLimits limits) {
    return new FlatVerifier(limits).verify(buffer, start, length, root);
  }

  /**
   * Verifies one flatbuffer. See {@link #verify(ByteBuffer, int, int, TableType, ReadLimits)}.
   *
   * @param buffer the buffer holding the flatbuffer
   * @param start the index in {@code buffer} where the flatbuffer starts (its root uoffset)
   * @param length the flatbuffer's length in bytes
   * @param root the type of the root table
   * @return null if the buffer is valid, else what is wrong with it and where (offsets count from {@code start})
   * @throws IndexOutOfBoundsException if the region is not within {@code buffer}'s limit
   */
  public @Nullable String verify(ByteBuffer buffer, int start, int length, TableType root) {
    Objects.checkFromIndexSize(start, length, buffer.limit());
    Objects.requireNonNull(root, "root");
    buf = buffer;
    swap = buffer.order() != ByteOrder.LITTLE_ENDIAN;
    array = buffer.hasArray() && !swap ? buffer.array() : null;
    base = array != null ? buffer.arrayOffset() + start : start;
    size = length;
    depth = 0;
    tables = 0;
    reachedBytes = 0;
    problem = null;
    limit = null;
    try {
      verifyRoot(root);
      return problem;
    } finally {
      buf = NO_BUFFER;
      array = null;
    }
  }

  private boolean verifyRoot(TableType root) {
    if (size >= MAX_BUFFER_SIZE) {
      return fail("the buffer is " + size + " bytes, too large for a flatbuffer");
    }
    if (size < MIN_BUFFER_SIZE) {
      return fail("the buffer is " + size + " bytes, less than the " + MIN_BUFFER_SIZE
          + " of the smallest flatbuffer");
    }
    long table = follow(0, null, -1);
    return table >= 0 && root(root.id(), table);
  }

  /**
   * Where field {@code slot} of a table of the buffer last verified is: its index in the buffer's array when the
   * buffer has one (as {@code io.github.vwbinlog.core.scan.FlatReads#field} gives it), else in the buffer; 0 when the
   * field is absent. Tables count in the order the walk visits them, from 0 for the root: a table's fields in slot
   * order, following each offset into its table before the next field (for an {@code Event}, 0 is the Event and 1 its
   * Metadata). Meaningful only after {@link #verify} returned null, for a table that was visited.
   *
   * @param table the table's place in the walk, below {@link #RECORDED_TABLES}
   * @param slot the field's slot ({@code io.github.vwbinlog.schema.Slots}), below 8
   */
  public int field(int table, int slot) {
    return fields[table << SLOT_BITS | slot];
  }

  // --- the primitive checks of the generated walk (TableWalk), which calls them table by table, field by field

  /**
   * Checks a table and its vtable, and counts it. The checks are made at once here, kept small enough for the JIT to
   * inline into the walk; {@link #tableProblem} makes them again one by one, in C++'s order, to say which failed.
   *
   * @param via the field that pointed here (null for the root), for problem reports
   * @param index the element index when {@code via} is a vector, else -1
   * @return the vtable's position, with its size in bits 32 to 47 and the table's row of {@link #fields} from bit 48,
   *     or -1 after recording the problem
   */
  @Override
  protected long table(long table, String type, @Nullable String via, long index) {
    // C++ counts the table before it looks at the vtable.
    depth++;
    tables++;
    if (aligned(table, 4) && inBounds(table, 4) && depth <= maxDepth && tables <= maxTables) {
      // The soffset is signed: the vtable may lie before or after the table.
      long vtable = table - i32(table);
      if (aligned(vtable, 2) && inBounds(vtable, 2)) {
        int vsize = u16(vtable);
        if ((vsize & 1) == 0 && inBounds(vtable, vsize) && vsize <= MAX_VOFFSET) {
          // The row of fields this table's are kept in rides along with the vtable to the field checks.
          long row = Math.min(tables - 1, RECORDED_TABLES);
          return vtable | (long) vsize << 32 | row << ROW_SHIFT;
        }
      }
    }
    return tableProblem(table, type, via, index);
  }

  /** The checks of {@link #table} one by one, after one failed: records the first that fails, returns -1. */
  private long tableProblem(long table, String type, @Nullable String via, long index) {
    if (!aligned(table, 4)) {
      return failAt("table " + type + " at " + table + via(via, index) + " is not 4-byte aligned");
    }
    if (!inBounds(table, 4)) {
      return failAt("table " + type + " at " + table + via(via, index) + " extends beyond the buffer" + sizeNote());
    }
    if (depth > maxDepth) {
      failLimit("table " + type + " at " + table + via(via, index) + ": ", "nesting depth", depth, maxDepth);
      return -1;
    }
    if (tables > maxTables) {
      failLimit("table " + type + " at " + table + via(via, index) + ": ", "table count", tables, maxTables);
      return -1;
    }
    long vtable = table - i32(table);
    if (!aligned(vtable, 2)) {
      return failAt("vtable of table " + type + " at " + table + " (at " + vtable + ") is not 2-byte aligned");
    }
    if (!inBounds(vtable, 2)) {
      return failAt("vtable of table " + type + " at " + table + " (at " + vtable + ") lies outside the buffer"
          + sizeNote());
    }
    int vsize = u16(vtable);
    if ((vsize & 1) != 0) {
      return failAt("vtable of table " + type + " at " + table + " (at " + vtable + ") has an odd size, " + vsize);
    }
    if (!inBounds(vtable, vsize)) {
      return failAt("vtable of table " + type + " at " + table + " (at " + vtable + ", " + vsize
          + " bytes) extends beyond the buffer" + sizeNote());
    }
    return failAt("vtable of table " + type + " at " + table + " (at " + vtable + ") has a size of " + vsize
        + ", above " + MAX_VOFFSET + " (flatbuffers-java reads it as a negative 16-bit value)");
  }

  @Override
  protected boolean end() {
    depth--;
    return true;
  }

  @Override
  protected boolean scalar(long table, long vtable, int slot, int size, int align, String field) {
    int fieldOffset = fieldOffset(table, vtable, slot, field);
    record(table, vtable, slot, fieldOffset);
    if (fieldOffset <= 0) {
      return fieldOffset == 0;
    }
    long at = table + fieldOffset;
    if (!aligned(at, align)) {
      return fail("field " + field + " at " + at + " is not " + align + "-byte aligned");
    }
    if (!inBounds(at, size)) {
      return fail("field " + field + " at " + at + " (" + size + " bytes) extends beyond the buffer" + sizeNote());
    }
    return true;
  }

  @Override
  protected long offset(long table, long vtable, int slot, String field) {
    int fieldOffset = fieldOffset(table, vtable, slot, field);
    record(table, vtable, slot, fieldOffset);
    return fieldOffset <= 0 ? fieldOffset : follow(table + fieldOffset, field, -1);
  }

  /** Keeps where a field is for {@link #field}: 0 when absent (or after a problem, when nothing is read). */
  private void record(long table, long vtable, int slot, int fieldOffset) {
    fields[(int) (vtable >>> ROW_SHIFT) << SLOT_BITS | slot] = fieldOffset <= 0 ? 0 : base + (int) table + fieldOffset;
  }

  /**
   * A slot's offset from the table start: 0 when the field is absent (the vtable is too short, or says 0), -1 after
   * recording the problem when it is too large for flatbuffers-java.
   */
  private int fieldOffset(long table, long vtable, int slot, String field) {
    int fieldOffset = entry(vtable, slot);
    if (fieldOffset > MAX_VOFFSET) {
      return (int) failAt("field " + field + " of table " + field.substring(0, field.indexOf('.')) + " at " + table
          + " has the offset " + fieldOffset + ", above " + MAX_VOFFSET
          + " (flatbuffers-java reads it as a negative 16-bit value)");
    }
    return fieldOffset;
  }

  /** The vtable's entry for {@code slot}: the field's offset from its table, 0 when the vtable is too short for it. */
  private int entry(long vtable, int slot) {
    int entry = 4 + 2 * slot;
    // vsize and entry are both even, so entry < vsize means the whole entry lies in the (verified) vtable.
    return entry < (int) (vtable >>> 32 & 0xFFFF) ? u16((vtable & 0xFFFF_FFFFL) + entry) : 0;
  }

  @Override
  protected int unionTag(long table, long vtable, int slot) {
    int fieldOffset = entry(vtable, slot);
    return fieldOffset == 0 ? 0 : u8(table + fieldOffset);
  }

  @Override
  protected long element(long vector, long index) {
    // Elements are followed without VerifyOffset's checks, exactly as C++'s VerifyVectorOf... do; the target's own
    // checks catch a bad element.
    long slot = vector + 4 + 4 * index;
    return slot + u32(slot);
  }

  @Override
  protected long vector(long vector, int elementSize, String via, long index) {
    return verifyVector(vector, elementSize, "vector", via, index);
  }

  /**
   * Verifies a vector's length field and extent, all checks at once (see {@link #table}); {@link #vectorProblem} says
   * which failed.
   *
   * @return the element count, or -1 after recording the problem
   */
  private long verifyVector(long vector, int elementSize, String what, String via, long index) {
    if (aligned(vector, 4) && inBounds(vector, 4)) {
      long n = u32(vector);
      // C++ bounds the count first so that the byte size cannot overflow; in long it cannot anyway, but the rule
      // decides what is valid.
      if (n < MAX_BUFFER_SIZE / elementSize && inBounds(vector, 4 + elementSize * n) && n <= maxVectorLength
          && reachedBytes + elementSize * n <= size) {
        reachedBytes += elementSize * n;
        return n;
      }
    }
    return vectorProblem(vector, elementSize, what, via, index);
  }

  /** The checks of {@link #verifyVector} one by one, after one failed: records the first that fails, returns -1. */
  private long vectorProblem(long vector, int elementSize, String what, String via, long index) {
    if (!aligned(vector, 4)) {
      return failAt(what + " " + name(via, index) + " at " + vector + " is not 4-byte aligned");
    }
    if (!inBounds(vector, 4)) {
      return failAt(what + " " + name(via, index) + " at " + vector + ": its length extends beyond the buffer"
          + sizeNote());
    }
    long n = u32(vector);
    if (n >= MAX_BUFFER_SIZE / elementSize) {
      return failAt(what + " " + name(via, index) + " at " + vector + " declares " + n + " elements of "
          + elementSize + " bytes, more than a flatbuffer can hold");
    }
    if (!inBounds(vector, 4 + elementSize * n)) {
      return failAt(what + " " + name(via, index) + " at " + vector + " (" + n + " elements of " + elementSize
          + " bytes) extends beyond the buffer" + sizeNote());
    }
    if (n > maxVectorLength) {
      failLimit(what + " " + name(via, index) + " at " + vector + ": ", "vector length", n, maxVectorLength);
      return -1;
    }
    long reached = reachedBytes + elementSize * n;
    return failAt(what + " " + name(via, index) + " at " + vector + " (" + n + " elements of " + elementSize
        + " bytes) brings the vectors and strings reached to " + reached + " bytes, more than the buffer's "
        + size + ": the buffer shares data between its offsets");
  }

  @Override
  protected boolean string(long string, String via, long index) {
    long n = verifyVector(string, 1, "string", via, index);
    if (n < 0) {
      return false;
    }
    long end = string + 4 + n;
    if (!inBounds(end, 1)) {
      return fail("string " + name(via, index) + " at " + string + " (" + n
          + " bytes) has no room for its terminating 0 byte" + sizeNote());
    }
    int terminator = u8(end);
    if (terminator != 0) {
      return fail("string " + name(via, index) + " at " + string + " (" + n + " bytes) is not terminated by a 0 byte"
          + " (found 0x" + Integer.toHexString(terminator) + " at " + end + ")");
    }
    return true;
  }

  /**
   * Checks the uoffset at {@code at} the way C++'s {@code VerifyOffset} does, all checks at once (see {@link #table});
   * {@link #offsetProblem} says which failed.
   *
   * @param via the field holding the offset, null for the root offset
   * @return the position it points to, or -1 after recording the problem
   */
  private long follow(long at, @Nullable String via, long index) {
    if (aligned(at, 4) && inBounds(at, 4)) {
      long o = u32(at);
      if (o != 0 && o <= Integer.MAX_VALUE && inBounds(at + o, 1)) {
        return at + o;
      }
    }
    return offsetProblem(at, via, index);
  }

  /** The checks of {@link #follow} one by one, after one failed: records the first that fails, returns -1. */
  private long offsetProblem(long at, @Nullable String via, long index) {
    if (!aligned(at, 4)) {
      return failAt(offsetName(via, index) + " at " + at + " is not 4-byte aligned");
    }
    if (!inBounds(at, 4)) {
      return failAt(offsetName(via, index) + " at " + at + " extends beyond the buffer" + sizeNote());
    }
    long o = u32(at);
    if (o == 0) {
      return failAt(offsetName(via, index) + " at " + at + " is 0");
    }
    if (o > Integer.MAX_VALUE) {
      return failAt(offsetName(via, index) + " at " + at + " is " + o + ", negative as a signed 32-bit offset");
    }
    return failAt(offsetName(via, index) + " at " + at + " points to " + (at + o) + ", outside the buffer"
        + sizeNote());
  }

  // --- bounds, as C++'s Verify(elem, elem_len) and VerifyAlignment: relative to the region start

  private boolean inBounds(long elem, long length) {
    return length < size && elem >= 0 && elem <= size - length;
  }

  private static boolean aligned(long elem, int alignment) {
    return (elem & (alignment - 1)) == 0;
  }

  // --- little-endian reads at region-relative positions that were bounds-checked before

  private int i32(long pos) {
    byte[] a = array;
    if (a != null) {
      return LittleEndian.i32(a, base + (int) pos);
    }
    int v = buf.getInt(base + (int) pos);
    return swap ? Integer.reverseBytes(v) : v;
  }

  private long u32(long pos) {
    return Integer.toUnsignedLong(i32(pos));
  }

  private int u16(long pos) {
    byte[] a = array;
    if (a != null) {
      return Short.toUnsignedInt(LittleEndian.i16(a, base + (int) pos));
    }
    short v = buf.getShort(base + (int) pos);
    return Short.toUnsignedInt(swap ? Short.reverseBytes(v) : v);
  }

  private int u8(long pos) {
    byte[] a = array;
    return Byte.toUnsignedInt(a != null ? a[base + (int) pos] : buf.get(base + (int) pos));
  }

  // --- problem reports: built only on failure

  private boolean fail(String message) {
    problem = message;
    return false;
  }

  private boolean failLimit(String where, String what, long value, long max) {
    limit = new LimitExceeded(what, value, max);
    return fail(where + what + " (" + value + ") exceeds the maximum (" + max + ")");
  }

  /**
   * The limit the last verified buffer exceeded, or null when it verified or failed for another reason.
   *
   * <pre>{@code
   * if (verifier.verify(buf, 0, n, root) != null && verifier.limitExceeded() != null) { ... LIMIT_EXCEEDED ... }
   * }</pre>
   */
  public @Nullable LimitExceeded limitExceeded() {
    return limit;
  }

  private long failAt(String message) {
    problem = message;
    return -1;
  }

  private String sizeNote() {
    return " (size " + size + ")";
  }

  private static String name(String field, long index) {
    return index < 0 ? field : field + "[" + index + "]";
  }

  private static String offsetName(@Nullable String field, long index) {
    return field == null ? "the root offset" : "the offset of " + name(field, index);
  }

  private static String via(@Nullable String field, long index) {
    return field == null ? " (the root)" : " (" + name(field, index) + ")";
  }
}
