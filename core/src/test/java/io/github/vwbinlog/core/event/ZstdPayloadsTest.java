package io.github.vwbinlog.core.event;

import static io.github.vwbinlog.core.testing.HostileInputs.withDeclaredSize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import io.github.vwbinlog.DiagnosticReason;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Decompression safety (SPEC §4.4, docs/ROBUSTNESS.md): a zstd payload must be one frame that declares its size, the
 * size is checked against the limit and against what the compressed bytes can hold before anything is allocated, and
 * the frame must decompress to exactly that size. Frames are crafted with zstd-jni and then patched. That nothing is
 * allocated for a false claim is measured in the fuzz module's HugeClaimsTest (it needs jdk.management).
 */
class ZstdPayloadsTest {
  private static final int LIMIT = 256 << 20;
  private static final byte[] CONTENT = "{\"GUser\":{\"id\":\"a\"},\"_multi\":[{\"a\":1},{\"a\":2}]}".repeat(20)
      .getBytes(StandardCharsets.UTF_8);

  @Test
  void aFrameThatDeclaresItsSizeDecompressesToExactlyIt() throws DecodeException {
    ByteBuffer out = ZstdPayloads.decompress(ByteBuffer.wrap(Zstd.compress(CONTENT)), LIMIT);
    byte[] bytes = new byte[out.remaining()];
    out.get(bytes);
    assertThat(bytes).isEqualTo(CONTENT);
  }

  @Test
  void anEmptyPayloadIsNotZstd() {
    // Found by fuzzing: zstd-jni's getFrameContentSize threw ArrayIndexOutOfBoundsException for an empty array.
    assertFails(new byte[0], DiagnosticReason.DECOMPRESSION_FAILED, "the zstd payload is empty");
  }

  @Test
  void bytesThatAreNotZstdAreRejected() {
    assertFails(CONTENT, DiagnosticReason.DECOMPRESSION_FAILED, "is not a zstd frame");
    assertFails(new byte[] {0x28, (byte) 0xB5, 0x2F}, DiagnosticReason.DECOMPRESSION_FAILED, "not a zstd frame");
  }

  @Test
  void aFrameWithoutADeclaredSizeIsRejected() {
    byte[] frame;
    try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
      ctx.setContentSize(false);
      frame = ctx.compress(CONTENT);
    }
    assertThat(Zstd.getFrameContentSize(frame, 0, frame.length, false)).isEqualTo(-1);
    assertFails(frame, DiagnosticReason.DECOMPRESSION_FAILED, "does not declare its size");
  }

  @Test
  void aFrameDeclaringLessThanItHoldsIsRejected() {
    byte[] frame = withDeclaredSize(Zstd.compress(CONTENT), CONTENT.length - 1);
    assertFails(frame, DiagnosticReason.DECOMPRESSION_FAILED, "zstd decompression failed");
  }

  @Test
  void aFrameDeclaringMoreThanItHoldsIsRejected() {
    byte[] frame = withDeclaredSize(Zstd.compress(CONTENT), CONTENT.length + 1);
    assertFails(frame, DiagnosticReason.DECOMPRESSION_FAILED, "zstd decompression failed");
  }

  @Test
  void twoConcatenatedFramesAreMoreThanTheFirstDeclares() {
    byte[] first = Zstd.compress(CONTENT);
    byte[] second = Zstd.compress("{\"x\":1}".getBytes(StandardCharsets.UTF_8));
    byte[] both = Arrays.copyOf(first, first.length + second.length);
    System.arraycopy(second, 0, both, first.length, second.length);
    assertFails(both, DiagnosticReason.DECOMPRESSION_FAILED, "zstd decompression failed");
  }

  @Test
  void trailingGarbageAfterTheFrameIsRejected() {
    byte[] frame = Zstd.compress(CONTENT);
    byte[] padded = Arrays.copyOf(frame, frame.length + 16);
    Arrays.fill(padded, frame.length, padded.length, (byte) 0x55);
    assertFails(padded, DiagnosticReason.DECOMPRESSION_FAILED, "zstd decompression failed");
  }

  @Test
  void aCorruptFrameIsRejected() {
    byte[] frame = Zstd.compress(CONTENT);
    for (int i = frame.length / 2; i < frame.length; i++) {
      frame[i] ^= (byte) 0x5A;
    }
    assertFails(frame, DiagnosticReason.DECOMPRESSION_FAILED, "zstd decompression failed");
  }

  @Test
  void aDeclaredSizeAboveTheLimitFailsWithValueAndLimit() {
    byte[] frame = withDeclaredSize(Zstd.compress(CONTENT), 4L << 30);
    assertFails(frame, DiagnosticReason.LIMIT_EXCEEDED,
        "decompressed size (4294967296) exceeds the maximum (268435456)");
  }

  @Test
  void aDeclaredSizeBelowTheLimitButBeyondWhatTheBytesCanHoldIsRejected() {
    // 200 MiB is under the default limit, but these few bytes can hold at most n / 3 * 128 KiB.
    byte[] frame = withDeclaredSize(Zstd.compress(CONTENT), 200L << 20);
    assertFails(frame, DiagnosticReason.DECOMPRESSION_FAILED,
        "declares 209715200 bytes, more than its " + frame.length + " bytes can hold (at most "
            + ZstdPayloads.maxContent(frame.length) + ")");
  }

  @Test
  void theBoundIsNeverBelowWhatRealDataCompressesTo() throws DecodeException {
    // The best case for zstd, a run of one byte: 4 MiB of zeros still fits the bound of its compressed size.
    byte[] zeros = new byte[4 << 20];
    byte[] frame = Zstd.compress(zeros, 19);
    assertThat(ZstdPayloads.maxContent(frame.length)).isGreaterThanOrEqualTo(zeros.length);
    assertThat(ZstdPayloads.decompress(ByteBuffer.wrap(frame), LIMIT).remaining()).isEqualTo(zeros.length);
  }

  @Test
  void anEmptyFrameDecompressesToNothing() throws DecodeException {
    assertThat(ZstdPayloads.decompress(ByteBuffer.wrap(Zstd.compress(new byte[0])), LIMIT).remaining()).isZero();
  }

  private static void assertFails(byte[] payload, DiagnosticReason reason, String message) {
    assertThatThrownBy(() -> ZstdPayloads.decompress(ByteBuffer.wrap(payload), LIMIT))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining(message)
        .satisfies(e -> assertThat(((DecodeException) e).reason()).isEqualTo(reason));
  }
}
