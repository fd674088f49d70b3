package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code inspect FILE}: lists the messages of a log, one line each, in file order (SPEC §1). Writes to the command
 * line's out and err writers, so that tests can capture them.
 */
final class InspectCommand implements Callable<Integer> {

  private final CommandSpec spec = Specs.command(this, "inspect",
      "Lists the messages of a log, one line each.",
      new String[] {
          "Lists the messages of a joined log in file order, one line each, stopping after EOF:",
          "  OFFSET<TAB>TYPE<TAB>SIZE",
          "OFFSET is the decimal byte offset of the message's type field; TYPE is FILEMAGIC, HEADER, CHECKPOINT, "
              + "REGULAR, EOF or UNKNOWN(0x1AAAAAAA) (the type value in hex); SIZE is the payload size (for FILEMAGIC "
              + "the version; for EOF the 4 bytes after the type, or 0).",
          "A message is listed once its type and size are read and its whole payload is present; a FILEMAGIC whose "
              + "version is not 1 is listed and ends the reading. Problems go to standard error.",
          "An rlclientlib event file (the input of join) is listed batch by batch: OFFSET<TAB>BATCH<TAB>SIZE<TAB>"
              + "ENCODING for a batch, then OFFSET<TAB>TYPE<TAB>SIZE<TAB>ID for each of its events."},
      "0:the file was read to its end or to EOF",
      "1:reading stopped on an error (bad version, truncated field, payload or padding, 1-3 stray bytes at the "
          + "end); the lines before it are printed",
      "2:usage error",
      "3:the file cannot be opened");

  Path file;

  InspectCommand() {
    spec.addPositional(Specs.bind(PositionalParamSpec.builder().index("0").required(true).paramLabel("FILE")
        .type(Path.class)
        .description("the joined binary log, or an rlclientlib event file"), () -> file, v -> file = v));
  }

  /** The model picocli parses this command's arguments with. */
  CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    // Problems are thrown, not reported: lenient reading would hide them from the exit code.
    ReadOptions options = ReadOptions.defaults()
        .with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES)
        .withListener(DiagnosticListener.ignoring());
    BinaryLogReader reader;
    try {
      if (EventFiles.is(file)) {
        try {
          return EventFiles.inspect(file, out, err);
        } finally {
          out.flush();
          err.flush();
        }
      }
      reader = BinaryLogReader.open(file, options);
    } catch (IOException e) {
      err.println("vw-binlog inspect: cannot open " + file + ": " + Input.describe(e));
      err.flush();
      return Main.EXIT_UNREADABLE;
    }
    try (reader) {
      for (Message m : reader) {
        out.append(Long.toString(m.offset())).append('\t').append(m.typeName()).append('\t')
            .append(Long.toString(sizeColumn(m))).append('\n');
      }
      return 0;
    } catch (BinaryLogException e) {
      out.flush();
      err.println("vw-binlog inspect: " + file + ": " + e.getMessage());
      return Main.EXIT_DATA_ERROR;
    } finally {
      out.flush();
      err.flush();
    }
  }

  /** The SIZE column: the payload size; the version for FILEMAGIC; the 4 bytes after the type for EOF. */
  static long sizeColumn(Message m) {
    if (m instanceof Message.FileMagic f) {
      return f.version();
    }
    if (m instanceof Message.Eof e) {
      return e.sizeField();
    }
    return m.payloadSize();
  }
}
