package io.github.vwbinlog.spark;

import java.net.URI;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The local file system under another scheme ({@code vwtest:}), so that the data source reads its files as it reads
 * a remote file system's: as streams through Hadoop, not mapped.
 */
public final class StreamFileSystem extends RawLocalFileSystem {
  /** Hadoop makes one by reflection. */
  public StreamFileSystem() {}

  @Override
  public String getScheme() {
    return "vwtest";
  }

  @Override
  public URI getUri() {
    return URI.create("vwtest:///");
  }

  @Override
  protected void checkPath(Path path) {
    // any path of this scheme, or none
  }
}
