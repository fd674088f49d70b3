package io.github.vwbinlog.core.flatbuf;

import com.github.luben.zstd.Zstd;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import reinforcement_learning.messages.flatbuff.v2.Event;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;
import reinforcement_learning.messages.flatbuff.v2.Metadata;

/** The conformance corpus ({@code ../shared/conformance}), read with the public reader. */
final class Corpus {

  private Corpus() {}

  /** The directories of joined logs (the other directories hold event batch files). */
  static final List<String> JOINED_LOG_DIRS = List.of("valid_joined_logs", "skip_learn", "derived",
      "invalid_joined_logs");

  static Path dir() {
    String shared = System.getProperty("vwbinlog.shared");
    return (shared != null ? Path.of(shared) : Path.of("..", "..", "shared")).resolve("conformance");
  }

  static Path file(String relative) {
    return dir().resolve("files").resolve(relative);
  }

  /** Every joined log of the corpus, as paths relative to {@code files/}, sorted. */
  static List<String> joinedLogs() {
    List<String> all = new ArrayList<>();
    for (String d : JOINED_LOG_DIRS) {
      try (Stream<Path> s = Files.walk(file(d))) {
        s.filter(Files::isRegularFile)
            .filter(p -> !p.toString().endsWith(".json"))
            .map(p -> file("").relativize(p).toString().replace('\\', '/'))
            .forEach(all::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    all.sort(null);
    return all;
  }

  /** The messages of a log; leniently, so that the bad-magic and bad-version logs give what precedes the problem. */
  static List<Message> messages(String relative) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file(relative));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try (BinaryLogReader reader = BinaryLogReader.of(bytes, ReadOptions.defaults().with(ReadFeature.LENIENT))) {
      return reader.stream().collect(Collectors.toList());
    }
  }

  /** The REGULAR payloads of a log, in order. */
  static List<ByteBuffer> regularPayloads(String relative) {
    return messages(relative).stream()
        .filter(m -> m instanceof Message.Regular)
        .map(m -> ((Message.Regular) m).payload())
        .collect(Collectors.toList());
  }

  /** A copy of a buffer's remaining bytes. */
  static byte[] bytes(ByteBuffer b) {
    byte[] a = new byte[b.remaining()];
    b.duplicate().get(a);
    return a;
  }

  static @Nullable String verify(ByteBuffer b, TableType root) {
    return FlatVerifier.verify(b, b.position(), b.remaining(), root, ReadLimits.defaults());
  }

  /**
   * Verifies a REGULAR payload level by level, as the joiner will: the JoinedPayload, then each nested Event, then
   * each Event's payload (decompressed first when zstd-encoded) as the root its payload type names. Every buffer
   * that verifies is also handed to {@code visit}, as (root type, buffer).
   *
   * @return the problems found, each prefixed by where: "JoinedPayload: ...", "event 2: ...", "event 2 payload: ..."
   */
  static List<String> verifyRegular(ByteBuffer payload, @Nullable Visitor visit) {
    List<String> problems = new ArrayList<>();
    String p = verify(payload, Schema.JOINED_PAYLOAD);
    if (p != null) {
      problems.add("JoinedPayload: " + p);
      return problems;
    }
    visit(visit, Schema.JOINED_PAYLOAD, payload);
    JoinedPayload joined = JoinedPayload.getRootAsJoinedPayload(payload.duplicate());
    for (int i = 0; i < joined.eventsLength(); i++) {
      ByteBuffer event = joined.events(i).eventAsByteBuffer();
      if (event == null) {
        problems.add("event " + i + ": absent");
        continue;
      }
      p = verify(event, Schema.EVENT);
      if (p != null) {
        problems.add("event " + i + ": " + p);
        continue;
      }
      visit(visit, Schema.EVENT, event);
      Event e = Event.getRootAsEvent(event.slice());
      Metadata meta = e.meta();
      ByteBuffer inner = e.payloadAsByteBuffer();
      if (meta == null || inner == null) {
        problems.add("event " + i + ": no " + (meta == null ? "metadata" : "payload"));
        continue;
      }
      TableType root = Schema.forPayloadType(meta.payloadType());
      if (root == null) {
        problems.add("event " + i + ": unknown payload type " + meta.payloadType());
        continue;
      }
      if (meta.encoding() == 1) {
        inner = ByteBuffer.wrap(unzstd(bytes(inner)));
      }
      p = verify(inner, root);
      if (p != null) {
        problems.add("event " + i + " payload: " + p);
        continue;
      }
      visit(visit, root, inner);
    }
    return problems;
  }

  private static void visit(@Nullable Visitor visit, TableType root, ByteBuffer b) {
    if (visit != null) {
      visit.accept(root, b);
    }
  }

  /** Decompresses one zstd frame with a declared content size, as the joiner does (SPEC §4.4). */
  static byte[] unzstd(byte[] compressed) {
    long size = Zstd.getFrameContentSize(compressed);
    if (size < 0 || size > Integer.MAX_VALUE) {
      throw new IllegalStateException("no usable frame content size: " + size);
    }
    return Zstd.decompress(compressed, (int) size);
  }

  /** Receives each verified buffer with its root type. */
  interface Visitor {
    void accept(TableType root, ByteBuffer buffer);
  }
}
