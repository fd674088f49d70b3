package io.github.vwbinlog.parquet;

import com.github.luben.zstd.ZstdCompressCtx;
import java.io.IOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The page compressor of the writer: zstd through zstd-jni, the binding core already uses, instead of parquet-java's
 * codec factory, which goes through Hadoop's codec classes. One compression context per writer, reused for every page.
 * Compression only: the writer never decompresses.
 *
 * <p>Not thread-safe: one per {@link ParquetConverter.Writer}.
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

  /** Compresses each page into a new array (the writer keeps the row group's pages until it writes them). */
  private static final class Compressor implements BytesInputCompressor {
    private final ZstdCompressCtx context = new ZstdCompressCtx();

    Compressor(int level) {
      context.setLevel(level);
    }

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
      return BytesInput.from(context.compress(bytes.toByteArray()));
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
}
