package io.github.vwbinlog.core.event;

import com.github.luben.zstd.Zstd;
import io.github.vwbinlog.DiagnosticReason;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Decompresses zstd-encoded event payloads (SPEC §4.4): one frame that declares its content size. The declared size
 * is checked against the limit before anything is allocated, and the frame must decompress to exactly that size.
 */
final class ZstdPayloads {
  private ZstdPayloads() {}

  /**
   * Decompresses {@code compressed} (from its position to its limit).
   *
   * @param maxSize the largest declared size accepted
   * @throws DecodeException with {@link DiagnosticReason#DECOMPRESSION_FAILED} for data that is not zstd, a frame
   *     without a declared size, a corrupt frame or one of another size, and {@link DiagnosticReason#LIMIT_EXCEEDED}
   *     for a declared size above {@code maxSize}
   */
  static ByteBuffer decompress(ByteBuffer compressed, int maxSize) throws DecodeException {
    byte[] src = new byte[compressed.remaining()];
    compressed.duplicate().get(src);
    if (src.length == 0) { // zstd-jni throws ArrayIndexOutOfBoundsException for an empty source
      throw new DecodeException(DiagnosticReason.DECOMPRESSION_FAILED, "the payload is empty, not a zstd frame");
    }
    long declared = Zstd.getFrameContentSize(src, 0, src.length, false);
    if (declared == -1) {
      throw new DecodeException(DiagnosticReason.DECOMPRESSION_FAILED, "the zstd frame does not declare its size");
    }
    if (declared < 0) {
      throw new DecodeException(DiagnosticReason.DECOMPRESSION_FAILED,
          "the payload is not a zstd frame (" + src.length + " bytes)");
    }
    if (declared > maxSize) {
      throw new DecodeException(DiagnosticReason.LIMIT_EXCEEDED,
          "decompressed size (" + declared + ") exceeds the maximum (" + maxSize + ")");
    }
    byte[] dst = new byte[(int) declared];
    long n;
    try {
      n = Zstd.decompressByteArray(dst, 0, dst.length, src, 0, src.length);
    } catch (RuntimeException e) { // zstd-jni raises ZstdException for some errors instead of returning a code
      throw new DecodeException(DiagnosticReason.DECOMPRESSION_FAILED, "zstd decompression failed: " + e.getMessage());
    }
    if (Zstd.isError(n)) {
      throw new DecodeException(DiagnosticReason.DECOMPRESSION_FAILED,
          "zstd decompression failed: " + Zstd.getErrorName(n));
    }
    if (n != declared) {
      throw new DecodeException(DiagnosticReason.DECOMPRESSION_FAILED,
          "the zstd frame declares " + declared + " bytes but holds " + n);
    }
    return ByteBuffer.wrap(dst).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }
}
