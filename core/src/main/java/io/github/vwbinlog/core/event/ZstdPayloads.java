package io.github.vwbinlog.core.event;

import com.github.luben.zstd.Zstd;
import io.github.vwbinlog.DiagnosticReason;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Decompresses zstd-encoded event payloads (SPEC §4.4): one frame that declares its content size. The declared size
 * is never trusted: it is checked against the limit and against the most that the compressed bytes can hold before
 * anything is allocated, and the frame must decompress to exactly that size.
 *
 * <p>The bound: a zstd block holds at most 128 KiB of content ({@code ZSTD_BLOCKSIZE_MAX}) and takes at least 3 bytes
 * (its header), so {@code n} compressed bytes can never decompress to more than {@code n / 3 * 128 KiB}. A frame that
 * claims more is rejected without allocating, whatever the limit. So a payload of {@code n} bytes allocates at most
 * {@code min(maxDecompressedSize, n / 3 * 128 KiB)}: a 100-byte payload that claims 4 GiB costs nothing.
 */
final class ZstdPayloads {
  /** ZSTD_BLOCKSIZE_MAX: the most content one block holds. */
  static final long MAX_BLOCK_CONTENT = 128 * 1024;
  /** The smallest block: its 3-byte header (a raw block of no bytes). */
  static final int MIN_BLOCK_SIZE = 3;

  private ZstdPayloads() {}

  /** The most content {@code compressedSize} bytes of zstd data can decompress to. */
  static long maxContent(long compressedSize) {
    return compressedSize / MIN_BLOCK_SIZE * MAX_BLOCK_CONTENT;
  }

  /**
   * Decompresses {@code compressed} (from its position to its limit).
   *
   * @param maxSize the largest declared size accepted
   * @throws DecodeException with {@link DiagnosticReason#DECOMPRESSION_FAILED} for data that is not zstd (an empty
   *     payload included), a frame without a declared size, one that declares more than its bytes can hold, a corrupt
   *     frame or one of another size, and {@link DiagnosticReason#LIMIT_EXCEEDED} for a declared size above
   *     {@code maxSize}
   */
  static ByteBuffer decompress(ByteBuffer compressed, int maxSize) throws DecodeException {
    byte[] src = new byte[compressed.remaining()];
    compressed.duplicate().get(src);
    if (src.length == 0) {
      // zstd-jni's getFrameContentSize reads src[0] before any length check (ArrayIndexOutOfBoundsException).
      throw new DecodeException(DiagnosticReason.DECOMPRESSION_FAILED, "the zstd payload is empty");
    }
    long declared;
    try {
      declared = Zstd.getFrameContentSize(src, 0, src.length, false);
    } catch (RuntimeException e) { // defensive: zstd-jni checks few of its arguments itself
      throw new DecodeException(DiagnosticReason.DECOMPRESSION_FAILED, "the zstd frame header cannot be read: " + e);
    }
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
    if (declared > maxContent(src.length)) {
      throw new DecodeException(DiagnosticReason.DECOMPRESSION_FAILED, "the zstd frame declares " + declared
          + " bytes, more than its " + src.length + " bytes can hold (at most " + maxContent(src.length) + ")");
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
