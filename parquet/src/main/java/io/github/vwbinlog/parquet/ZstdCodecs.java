package io.github.vwbinlog.parquet;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The page compressor of the writer: zstd through zstd-jni, the binding core already uses, instead of parquet-java's
 * codec factory, which goes through Hadoop's codec classes. One compression context per lane of columns, reused for
 * every page. Compression only: the writer never decompresses.
 *
 * <p>Not thread-safe: one per lane ({@link JoinedRows}), which one thread encodes at a time.
 */
final class ZstdCodecs implements CompressionCodecFactory {
  private final Compressor compressor;

  /** zstd at {@code level} (1 to 19; 3 is zstd's default). */
  ZstdCodecs(int level) {
    this.compressor = new Compressor(level);
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codecName) {
    if (codecName != CompressionCodecName.ZSTD) {
      throw new IllegalArgumentException("only zstd is written, not " + codecName);
    }
    return compressor;
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codecName) {
    throw new UnsupportedOperationException("the writer does not decompress");
  }

  @Override
  public void release() {
    compressor.release();
  }

  /**
   * Compresses each page into an array of its own, reused for the next page: parquet-java copies the compressed bytes
   * it keeps (into the column chunk's buffer, and the dictionary page) before it compresses the next page. The page's
   * bytes are gathered into a reused array too, so that compressing a page allocates nothing once the arrays have
   * grown to the largest page.
   */
  private static final class Compressor implements BytesInputCompressor {
    private final ZstdCompressCtx context = new ZstdCompressCtx();
    private final Input input = new Input();
    private byte[] output = new byte[0];

    Compressor(int level) {
      context.setLevel(level);
    }

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
      input.reset();
      bytes.writeAllTo(input);
      int n = input.size();
      long bound = Zstd.compressBound(n);
      if (output.length < bound) {
        output = new byte[(int) Math.min(Integer.MAX_VALUE - 8, bound)];
      }
      int size = context.compressByteArray(output, 0, output.length, input.array(), 0, n);
      return BytesInput.from(output, 0, size);
    }

    @Override
    public CompressionCodecName getCodecName() {
      return CompressionCodecName.ZSTD;
    }

    @Override
    public void release() {
      context.close();
    }
  }

  /** A byte array output whose array is read in place and kept from page to page. */
  private static final class Input extends ByteArrayOutputStream {
    byte[] array() {
      return buf;
    }
  }
}
