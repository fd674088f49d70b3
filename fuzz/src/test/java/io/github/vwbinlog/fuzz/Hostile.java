package io.github.vwbinlog.fuzz;

import static io.github.vwbinlog.core.testing.HostileInputs.cbEvent;
import static io.github.vwbinlog.core.testing.HostileInputs.event;
import static io.github.vwbinlog.core.testing.HostileInputs.joinedPayload;
import static io.github.vwbinlog.core.testing.HostileInputs.log;
import static io.github.vwbinlog.core.testing.HostileInputs.withDeclaredSize;

import com.github.luben.zstd.Zstd;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Builds joined logs that claim huge sizes (docs/ROBUSTNESS.md): each is small, and each would make a reader that
 * trusts it allocate gigabytes.
 */
public final class Hostile {
  private Hostile() {}

  /** A 100-byte log whose REGULAR message declares {@code size} bytes. */
  public static byte[] regularClaiming(long size) {
    ByteBuffer b = ByteBuffer.allocate(100).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(0x42465756).putInt(1).putInt(0xFFFFFFFF).putInt((int) size);
    while (b.hasRemaining()) {
      b.put((byte) 0x5A);
    }
    return b.array();
  }

  /** A log with one CB interaction whose zstd payload's frame header declares {@code size} bytes. */
  public static byte[] zstdClaiming(long size) {
    byte[] frame = withDeclaredSize(Zstd.compress(cbEvent(1, 2)), size);
    return log(joinedPayload(List.of(event("zstd-claim", 1, frame), event("fine", 0, cbEvent(3, 4)))));
  }

  /** A log with one CB interaction whose action_ids vector declares {@code count} elements. */
  public static byte[] vectorClaiming(long count) {
    byte[] payload = cbEvent(7, 7, 7);
    patchVectorLength(payload, 3, 7L, count);
    return log(joinedPayload(List.of(event("vector-claim", 0, payload), event("fine", 0, cbEvent(3, 4)))));
  }

  /** A log whose JoinedPayload's events vector declares {@code count} elements. */
  public static byte[] eventsClaiming(long count) {
    byte[] joined = joinedPayload(List.of(event("a", 0, cbEvent(1)), event("b", 0, cbEvent(2))));
    ByteBuffer b = ByteBuffer.wrap(joined).order(ByteOrder.LITTLE_ENDIAN);
    int root = b.getInt(0);
    int vtable = root - b.getInt(root);
    int field = root + b.getShort(vtable + 4);
    int vector = field + b.getInt(field);
    b.putInt(vector, (int) count);
    return log(joined);
  }

  /** Finds the u32 length {@code length} followed by the u64 {@code first} and replaces the length. */
  static void patchVectorLength(byte[] buffer, int length, long first, long newLength) {
    ByteBuffer b = ByteBuffer.wrap(buffer).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i + 12 <= buffer.length; i += 4) {
      if (b.getInt(i) == length && (i + 4) % 8 == 0 && b.getLong(i + 4) == first) {
        b.putInt(i, (int) newLength);
        return;
      }
    }
    throw new IllegalStateException("vector not found");
  }
}
