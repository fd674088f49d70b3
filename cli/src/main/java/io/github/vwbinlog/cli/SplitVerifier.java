package io.github.vwbinlog.cli;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * {@code split --verify}: converts the whole log, then the parts one after the other, each into a SHA-256 digest, and
 * compares. Nothing is held in memory, so it works on logs of any size, at the cost of converting twice.
 */
final class SplitVerifier {
  private SplitVerifier() {}

  /** Whether the parts convert to the DSJSON of the whole; says which on {@code io}. */
  static boolean verify(Path whole, List<SplitWriter.Part> parts, JoinOptionsGroup join, Io io) {
    DsjsonConverter converter = DsjsonConverter.of(join.apply(JoinOptions.defaults())
        .withReadOptions(ReadOptions.defaults().withListener(DiagnosticListener.ignoring())));
    try {
      Digest expected = new Digest();
      converter.convert(whole, expected.stream);
      Digest actual = new Digest();
      for (SplitWriter.Part p : parts) {
        converter.convert(p.path(), actual.stream);
      }
      String e = expected.hex();
      String a = actual.hex();
      if (e.equals(a) && expected.bytes == actual.bytes) {
        io.out().printf(Locale.ROOT, "verified: the parts convert to the same %d bytes of DSJSON as the whole log "
            + "(SHA-256 %s)%n", expected.bytes, e);
        return true;
      }
      io.err().printf(Locale.ROOT, "vw-binlog split: verification FAILED: the whole log converts to %d bytes "
          + "(SHA-256 %s), the parts to %d bytes (SHA-256 %s)%n", expected.bytes, e, actual.bytes, a);
      return false;
    } catch (IOException e) {
      io.err().println("vw-binlog split: verification failed: " + Input.describe(e));
      return false;
    }
  }

  /** A sink that hashes and counts what is written to it. */
  private static final class Digest {
    private final MessageDigest sha;
    private long bytes;
    final OutputStream stream;

    Digest() {
      try {
        sha = MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("every Java platform has SHA-256", e);
      }
      stream = new DigestOutputStream(new OutputStream() {
        @Override
        public void write(int b) {
          bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
          bytes += len;
        }
      }, sha);
    }

    String hex() {
      return HexFormat.of().formatHex(sha.digest());
    }
  }
}
