package io.github.vwbinlog.parquet;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A Parquet {@link OutputFile} over the caller's stream, which parquet-java writes from start to end (a Parquet file's
 * metadata is at its end), so that the output can be a file, a pipe or standard output. Closing the position stream
 * flushes the caller's stream but does not close it.
 */
final class StreamOutputFile implements OutputFile {
  private final OutputStream out;

  StreamOutputFile(OutputStream out) {
    this.out = out;
  }

  @Override
  public PositionOutputStream create(long blockSizeHint) {
    return new PositionOutputStream() {
      private long position;

      @Override
      public long getPos() {
        return position;
      }

      @Override
      public void write(int b) throws IOException {
        out.write(b);
        position++;
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        position += len;
      }

      @Override
      public void flush() throws IOException {
        out.flush();
      }

      @Override
      public void close() throws IOException {
        out.flush();
      }
    };
  }

  @Override
  public PositionOutputStream createOrOverwrite(long blockSizeHint) {
    return create(blockSizeHint);
  }

  @Override
  public boolean supportsBlockSize() {
    return false;
  }

  @Override
  public long defaultBlockSize() {
    return 0;
  }

  @Override
  public String getPath() {
    return "stream";
  }
}
