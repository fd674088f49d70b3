package io.github.vwbinlog.spark;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.LogRange;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The bytes of a joined log as the data source reads them: a local file ({@code file:} scheme) through its channel, or
 * mapped over a byte range only; any other file system through Hadoop's {@link FileSystem}, a stream seeked to the
 * range and read to its end ({@link HadoopChannel}), never from the file's start.
 */
final class LogBytes {
  private LogBytes() {}

  /** The local path of a file of the {@code file:} scheme, or null for another file system. */
  static java.nio.file.@org.jspecify.annotations.Nullable Path local(FileSystem fs, Path path) {
    return "file".equals(fs.getScheme()) ? java.nio.file.Path.of(fs.makeQualified(path).toUri()) : null;
  }

  /** A seekable channel over the whole file. */
  static SeekableByteChannel channel(String file, long length, Configuration conf) throws IOException {
    Path path = new Path(file);
    FileSystem fs = path.getFileSystem(conf);
    java.nio.file.Path local = local(fs, path);
    return local != null ? FileChannel.open(local) : new HadoopChannel(fs.open(path), length);
  }

  /**
   * Opens the byte ranges of a split's plan: a local file mapped over {@code [start, limit)} only; another file
   * system's file as a stream seeked to {@code start} that ends at {@code limit}.
   */
  static Joiner.RangeSource source(String file, Configuration conf) throws IOException {
    Path path = new Path(file);
    FileSystem fs = path.getFileSystem(conf);
    java.nio.file.Path local = local(fs, path);
    if (local != null) {
      return (start, limit, options) -> BinaryLogReader.open(local, start, limit, options);
    }
    return (start, limit, options) -> {
      HadoopChannel channel = new HadoopChannel(fs.open(path), limit);
      try {
        channel.position(start);
        return BinaryLogReader.of(channel, start, options);
      } catch (IOException | RuntimeException e) {
        channel.close();
        throw e;
      }
    };
  }

  /**
   * Plans the splits of the files that are cut into several ({@link LogRange#plan}): each such file is framed once,
   * its headers only, and each of its splits gets its range. Whole files are left as they are.
   *
   * @throws IOException if a file cannot be read
   */
  static List<FilePartition> plan(List<FilePartition> tasks, ReadOptions options, Configuration conf)
      throws IOException {
    Map<String, List<FileSplit>> cut = new LinkedHashMap<>();
    for (FilePartition task : tasks) {
      for (FileSplit s : task.splits()) {
        if (!s.isWhole()) {
          cut.computeIfAbsent(s.path(), p -> new ArrayList<>()).add(s);
        }
      }
    }
    Map<FileSplit, LogRange> ranges = new java.util.HashMap<>();
    for (Map.Entry<String, List<FileSplit>> e : cut.entrySet()) {
      List<FileSplit> splits = e.getValue();
      long[] cuts = new long[splits.size() + 1];
      for (int i = 0; i < splits.size(); i++) {
        cuts[i] = splits.get(i).start();
      }
      FileSplit last = splits.get(splits.size() - 1);
      cuts[splits.size()] = Math.min(last.end(), last.length());
      try (SeekableByteChannel channel = channel(e.getKey(), last.length(), conf)) {
        List<LogRange> planned = LogRange.plan(channel, options, cuts);
        for (int i = 0; i < splits.size(); i++) {
          ranges.put(splits.get(i), planned.get(i));
        }
      }
    }
    if (ranges.isEmpty()) {
      return tasks;
    }
    List<FilePartition> out = new ArrayList<>(tasks.size());
    for (FilePartition task : tasks) {
      List<FileSplit> splits = new ArrayList<>(task.splits().size());
      for (FileSplit s : task.splits()) {
        LogRange r = ranges.get(s);
        splits.add(r == null ? s : s.planned(r));
      }
      out.add(new FilePartition(splits));
    }
    return out;
  }
}
