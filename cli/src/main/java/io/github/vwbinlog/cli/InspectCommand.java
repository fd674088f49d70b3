package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code inspect FILE}: lists the messages of a log, one line each. */
@Command(
    name = "inspect",
    mixinStandardHelpOptions = true,
    description = {
        "Lists the messages of a joined log in file order, one line each, stopping after EOF:",
        "  OFFSET<TAB>TYPE<TAB>SIZE",
        "OFFSET is the byte offset of the message's type field; TYPE is FILEMAGIC, HEADER, CHECKPOINT, REGULAR, EOF or "
            + "UNKNOWN(0x1AAAAAAA); SIZE is the payload size (for FILEMAGIC the version; for EOF the 4 bytes after "
            + "the type, or 0).",
        "A message is listed once it is wholly present. Problems go to standard error."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:the file was read to its end or to EOF",
        "1:reading stopped on an error (bad version, truncated field, payload or padding); earlier lines stand",
        "2:usage error",
        "3:the file cannot be opened"})
final class InspectCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "FILE", description = "the joined binary log")
  Path file;

  @Override
  public Integer call() {
    ReadOptions options = ReadOptions.defaults().with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES);
    PrintWriter out = new PrintWriter(new BufferedWriter(
        new OutputStreamWriter(System.out, StandardCharsets.US_ASCII), 1 << 16));
    BinaryLogReader reader;
    try {
      reader = BinaryLogReader.open(file, options);
    } catch (IOException e) {
      System.err.println("vw-binlog inspect: cannot open " + file + ": " + e);
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
      System.err.println("vw-binlog inspect: " + file + ": " + e.getMessage());
      return Main.EXIT_DATA_ERROR;
    } finally {
      out.flush();
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
