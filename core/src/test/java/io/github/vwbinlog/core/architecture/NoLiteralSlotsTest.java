package io.github.vwbinlog.core.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Hand-written readers name vtable slots with the generated {@code io.github.vwbinlog.schema.Slots} constants, never
 * with literal numbers: a literal would compile after a schema edit and then silently read the wrong field. This scans
 * core's main sources for the slot readers ({@code FlatReads.field}, {@code byteField}, {@code floatField},
 * {@code intField}, and the fields the verifier found, {@code FlatVerifier.field(table, slot)}) called with a number as
 * the slot.
 */
class NoLiteralSlotsTest {
  private static final Path MAIN = Path.of("src", "main", "java");
  private static final Pattern CALL = Pattern.compile("\\b(field|byteField|floatField|intField)\\(");

  @Test
  void noSlotIsALiteralNumber() throws IOException {
    List<String> found = new ArrayList<>();
    int calls = 0;
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        String source = Files.readString(file);
        for (String call : literalSlots(source)) {
          found.add(MAIN.relativize(file) + ": " + call);
        }
        calls += slotCalls(source).size();
      }
    }
    assertThat(calls).as("slot reads found (the scan works)").isGreaterThan(40);
    assertThat(found).as("slot reads with a literal slot number").isEmpty();
  }

  @Test
  void theScanFindsALiteralSlot() {
    String source = """
        int a = field(p, root, Slots.CbEvent.CONTEXT);
        int b = byteField(p, element(p, v, 3), 5) != 0;
        float c = floatField(p, f + i32(p, f), 0);
        int d = verifier.field(1, Slots.Metadata.ID);
        int e = verifier.field(0, 2);
        """;
    assertThat(slotCalls(source)).hasSize(5);
    assertThat(literalSlots(source)).containsExactly("byteField(p, element(p, v, 3), 5)",
        "floatField(p, f + i32(p, f), 0)", "field(0, 2)");
  }

  /** The calls of a slot reader in {@code source} whose slot (the last argument) is a number. */
  static List<String> literalSlots(String source) {
    List<String> literal = new ArrayList<>();
    for (String call : slotCalls(source)) {
      List<String> args = arguments(call);
      if (args.get(args.size() - 1).strip().matches("\\d+")) {
        literal.add(call);
      }
    }
    return literal;
  }

  /** Every call of a slot reader in {@code source}, from its name to its closing parenthesis. */
  static List<String> slotCalls(String source) {
    List<String> calls = new ArrayList<>();
    Matcher m = CALL.matcher(source);
    while (m.find()) {
      int depth = 0;
      int end = m.end() - 1;
      for (int i = end; i < source.length(); i++) {
        char c = source.charAt(i);
        if (c == '(') {
          depth++;
        } else if (c == ')' && --depth == 0) {
          end = i;
          break;
        }
      }
      String call = source.substring(m.start(), end + 1);
      // Three arguments (array, table, slot) for FlatReads' readers; two (table, slot) for the verifier's.
      int n = arguments(call).size();
      boolean verifiers = n == 2 && call.startsWith("field(") && m.start() > 0 && source.charAt(m.start() - 1) == '.';
      if ((n == 3 || verifiers) && !call.contains("int slot")) {
        calls.add(call);
      }
    }
    return calls;
  }

  /** The top-level arguments of a call. */
  private static List<String> arguments(String call) {
    List<String> args = new ArrayList<>();
    int depth = 0;
    int start = call.indexOf('(') + 1;
    for (int i = start; i < call.length(); i++) {
      char c = call.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        if (depth == 0) {
          args.add(call.substring(start, i));
          break;
        }
        depth--;
      } else if (c == ',' && depth == 0) {
        args.add(call.substring(start, i));
        start = i + 1;
      }
    }
    return args;
  }
}
