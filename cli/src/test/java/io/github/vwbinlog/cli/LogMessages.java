package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** Test views of a log: its messages as comparable values, and its DSJSON through the library. */
final class LogMessages {
  private LogMessages() {}

  /**
   * A message as a value: its type name and its payload in hex (the version for FILEMAGIC).
   *
   * @param type the type, as inspect lists it
   * @param content the payload in hex, or the FILEMAGIC version
   */
  record Msg(String type, String content) {
    @Override
    public String toString() {
      return type + "(" + (content.length() > 16 ? content.substring(0, 16) + "..." : content) + ")";
    }
  }

  /** The messages of a log up to EOF or the first framing problem, EOF excluded. */
  static List<Msg> of(Path log) {
    List<Msg> messages = new ArrayList<>();
    ReadOptions options = ReadOptions.defaults().with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES)
        .withListener(DiagnosticListener.ignoring());
    try (BinaryLogReader reader = BinaryLogReader.open(log, options)) {
      for (Message m : reader) {
        if (m instanceof Message.Eof) {
          break;
        }
        messages.add(new Msg(m.typeName(), content(m)));
      }
    } catch (BinaryLogException e) {
      // what was read before the problem
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return messages;
  }

  /** Whether a file's last bytes are an EOF message as writers write it: its type and 4 zero bytes. */
  static boolean endsWithEof(Path log) {
    byte[] b = CorpusLogs.bytes(log);
    byte[] eof = {(byte) 0xAA, (byte) 0xAA, (byte) 0xAA, (byte) 0xAA, 0, 0, 0, 0};
    return b.length >= 8 && java.util.Arrays.equals(b, b.length - 8, b.length, eof, 0, 8);
  }

  private static String content(Message m) {
    if (m instanceof Message.FileMagic f) {
      return Long.toString(f.version());
    }
    ByteBuffer payload = m.payload(); // empty for EOF
    byte[] bytes = new byte[payload.remaining()];
    payload.get(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /** The DSJSON of one log, converted by the library. */
  static byte[] dsjson(Path log, JoinOptions options) {
    return dsjson(List.of(log), options);
  }

  /** The DSJSON of logs converted one after the other, concatenated. */
  static byte[] dsjson(List<Path> logs, JoinOptions options) {
    DsjsonConverter converter = DsjsonConverter.of(options.withReadOptions(
        ReadOptions.defaults().withListener(DiagnosticListener.ignoring())));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      for (Path log : logs) {
        converter.convert(log, out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
