package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.evaluate.Policy;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The predictions file read from bytes is the one read as text lines with the JDK's parsers: the same predictions,
 * bit for bit, on the same lines, and the same errors, for random files of every kind of number, white space, tag
 * and line end.
 */
class PredictionsFileTest {
  @TempDir
  Path temp;

  /** The reading as text (the code before {@link PredictionsFile}): BufferedReader, strip, parseInt, parseDouble. */
  private static Policy.Predictions reference(String name, Path file) throws IOException {
    Policy.Predictions.Builder builder = Policy.Predictions.builder(name, file.toString());
    long lineNumber = 0;
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        lineNumber++;
        String t = line.strip();
        if (t.isEmpty()) {
          continue;
        }
        int space = t.indexOf(' ');
        String list = space < 0 ? t : t.substring(0, space);
        int[] indexes = new int[4];
        double[] probabilities = new double[4];
        int n = 0;
        try {
          int from = 0;
          while (from <= list.length()) {
            int comma = list.indexOf(',', from);
            int end = comma < 0 ? list.length() : comma;
            int colon = list.indexOf(':', from);
            if (colon < 0 || colon > end) {
              throw new IllegalArgumentException();
            }
            if (n == indexes.length) {
              indexes = Arrays.copyOf(indexes, n * 2);
              probabilities = Arrays.copyOf(probabilities, n * 2);
            }
            indexes[n] = Integer.parseInt(list, from, colon, 10);
            probabilities[n++] = Double.parseDouble(list.substring(colon + 1, end));
            from = end + 1;
          }
        } catch (RuntimeException e) {
          throw new IllegalArgumentException(file + " line " + lineNumber
              + ": not a list of action:probability pairs: " + (t.length() <= 60 ? t : t.substring(0, 60) + "..."));
        }
        builder.add(lineNumber, Arrays.copyOf(indexes, n), Arrays.copyOf(probabilities, n));
      }
    }
    return builder.build();
  }

  private static final String[] NUMBERS = {"0", "1", "0.5", ".5", "5.", "0.1", "0.30000000000000004", "1e-3", "1E2",
      "-0", "-0.0", "+0.25", "0x1p-3", "NaN", "Infinity", "-Infinity", "1d", "2f", "0000000000000000000001",
      "123456789012345678", "1234567890123456789", "9007199254740993", "0.000000000000000000001",
      "0.0000000000000000000001", "0.00000000000000000000001", "4.9e-324", "1.7976931348623157e308", " 0.5", "0.5\t"};
  private static final String[] INDEXES = {"0", "1", "2", "007", "+1", "-1", "123456789", "1234567890"};
  private static final String[] ENDS = {"\n", "\r\n", "\r"};
  private static final String[] SPACES = {" ", "\t", "\u000B", "\f", "\u001C", "  \t"};

  private static String randomNumber(Random random) {
    if (random.nextInt(3) > 0) {
      // Random digits with a point somewhere: exact and inexact decimals of every length.
      StringBuilder b = new StringBuilder();
      int digits = 1 + random.nextInt(24);
      int point = random.nextInt(digits + 2) - 1;
      for (int i = 0; i < digits; i++) {
        if (i == point) {
          b.append('.');
        }
        b.append((char) ('0' + random.nextInt(10)));
      }
      return b.toString();
    }
    return NUMBERS[random.nextInt(NUMBERS.length)];
  }

  private static String randomLine(Random random) {
    StringBuilder b = new StringBuilder();
    switch (random.nextInt(12)) {
      case 0 -> {
        return "";
      }
      case 1 -> {
        return SPACES[random.nextInt(SPACES.length)];
      }
      case 2 -> b.append(SPACES[random.nextInt(SPACES.length)]);
      default -> {
      }
    }
    int pairs = 1 + random.nextInt(4);
    for (int k = 0; k < pairs; k++) {
      if (k > 0) {
        b.append(',');
      }
      b.append(random.nextInt(8) == 0 ? INDEXES[random.nextInt(INDEXES.length)] : Integer.toString(k));
      b.append(':').append(randomNumber(random));
    }
    switch (random.nextInt(10)) {
      case 0 -> b.append(" tag").append(random.nextInt(100));
      case 1 -> b.append(" t\u00e9").append(random.nextInt(100)); // a tag outside ASCII
      case 2 -> b.append(SPACES[random.nextInt(SPACES.length)]);
      default -> {
      }
    }
    // Now and then a line that is not a list.
    switch (random.nextInt(150)) {
      case 0 -> b.append(',');
      case 1 -> b.insert(random.nextInt(b.length() + 1), random.nextBoolean() ? ":" : "x");
      case 2 -> b.insert(0, "99999999999:1,");
      default -> {
      }
    }
    return b.toString();
  }

  @Test
  void readsAsTheTextReaderDid() throws IOException {
    Random random = new Random(20261126);
    int errors = 0;
    for (int f = 0; f < 400; f++) {
      StringBuilder text = new StringBuilder();
      int lines = 1 + random.nextInt(40);
      boolean plain = f % 4 == 0; // a quarter of the files only of valid lines
      for (int i = 0; i < lines; i++) {
        String line = randomLine(random);
        text.append(plain ? line.replaceAll("[^0-9:.,]", "") : line);
        if (i < lines - 1 || random.nextBoolean()) {
          text.append(ENDS[random.nextInt(ENDS.length)]);
        }
      }
      Path file = Files.writeString(temp.resolve("p" + f + ".pred"), text, StandardCharsets.UTF_8);
      Policy.Predictions expected;
      try {
        expected = reference("m", file);
      } catch (IllegalArgumentException e) {
        errors++;
        assertThatThrownBy(() -> PredictionsFile.read("m", file)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage(e.getMessage());
        continue;
      }
      Policy.Predictions read = PredictionsFile.read("m", file);
      assertThat(read).as(text.toString()).isEqualTo(expected); // equal arrays: the same doubles, bit for bit
      for (int e = 0; e < read.size(); e++) {
        // The line of each prediction, as an error names it.
        assertThat(lineOf(read, e)).isEqualTo(lineOf(expected, e));
      }
    }
    // Both kinds of file were tried.
    assertThat(errors).isBetween(20, 300);
  }

  private static String lineOf(Policy.Predictions p, int event) {
    try {
      p.probability(1, 0, 0.5, event); // no action: every index is outside
      return "no error";
    } catch (IllegalArgumentException e) {
      return e.getMessage().replaceAll(":.*", "");
    }
  }

  @Test
  void longLinesAndBigFiles() throws IOException {
    // Lines longer than the buffer, and a file of many buffers, with its lines cut anywhere by the reads.
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 50_000; i++) {
      text.append("0:0.8,1:0.1,2:0.1").append(i % 7 == 0 ? "\r\n" : "\n");
    }
    text.append("0:0.5,").append("1:0,".repeat(400_000)).append("2:0.5 tag\n");
    text.append("0:1\r");
    Path file = Files.writeString(temp.resolve("big.pred"), text, StandardCharsets.UTF_8);
    assertThat(PredictionsFile.read("m", file)).isEqualTo(reference("m", file));
    assertThat(PredictionsFile.read("m", file).size()).isEqualTo(50_002);
  }

  @Test
  void notUtf8CannotBeRead() throws IOException {
    Path file = Files.write(temp.resolve("bad.pred"), new byte[] {'0', ':', '1', ' ', (byte) 0xC3, '\n'});
    assertThatThrownBy(() -> PredictionsFile.read("m", file)).isInstanceOf(IOException.class);
    assertThatThrownBy(() -> reference("m", file)).isInstanceOf(IOException.class);
  }
}
