package io.github.vwbinlog.core.flatbuf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link Schema} is written by hand, so it is checked against the {@code .fbs} files flatc compiled: same tables, same
 * slots in the same order, same shapes. A slot described wrongly would make the verifier check the wrong bytes.
 */
class SchemaTest {

  private static final Path FBS = Path.of("..", "schema-gen", "src", "main", "fbs");

  /** A slot as the .fbs declares it, in the verifier's terms: "name KIND size align [table]". */
  private static String describe(io.github.vwbinlog.core.flatbuf.Field f) {
    String s = f.name + " " + f.kind + " " + f.size + " " + f.align;
    if (f.table != null) {
      s += " " + f.table.name();
    }
    if (f.kind == io.github.vwbinlog.core.flatbuf.Field.Kind.UNION) {
      List<String> members = new ArrayList<>();
      for (io.github.vwbinlog.core.flatbuf.Field m : f.members) {
        members.add(m == null ? "NONE" : m.table != null ? m.table.name() : "string");
      }
      s += " " + members;
    }
    return s;
  }

  private static Map<String, TableType> schemaTables() throws IllegalAccessException {
    Map<String, TableType> tables = new LinkedHashMap<>();
    for (Field f : Schema.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == TableType.class) {
        TableType t = (TableType) f.get(null);
        tables.put(t.name(), t);
      }
    }
    return tables;
  }

  @Test
  void everyTableMatchesTheFbsFiles() throws Exception {
    Map<String, List<String>> fbs = parseFbs();
    Map<String, TableType> schema = schemaTables();
    assertThat(schema.keySet()).containsExactlyInAnyOrderElementsOf(fbs.keySet());
    for (Map.Entry<String, List<String>> table : fbs.entrySet()) {
      List<String> ours = schema.get(table.getKey()).slots().stream().map(SchemaTest::describe).toList();
      assertThat(ours).as(table.getKey()).containsExactlyElementsOf(table.getValue());
    }
  }

  @Test
  void constantNamesFollowTableNames() throws Exception {
    for (Field f : Schema.class.getFields()) {
      if (f.getType() == TableType.class) {
        String name = ((TableType) f.get(null)).name();
        assertThat(f.getName()).isEqualTo(name.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase());
      }
    }
  }

  // --- a parser for exactly the subset of the .fbs grammar these files use

  private static final Pattern BLOCK = Pattern.compile(
      "(table|struct|union|enum)\\s+(\\w+)\\s*(?::\\s*(\\w+))?\\s*\\{([^}]*)}");
  private static final Pattern FIELD = Pattern.compile("(\\w+)\\s*:\\s*(\\[?)(\\w+)(\\]?)\\s*(?:=\\s*[^;]+)?;");
  private static final Map<String, Integer> SCALARS = Map.ofEntries(
      Map.entry("bool", 1), Map.entry("byte", 1), Map.entry("ubyte", 1), Map.entry("short", 2),
      Map.entry("ushort", 2), Map.entry("int", 4), Map.entry("uint", 4), Map.entry("float", 4),
      Map.entry("long", 8), Map.entry("ulong", 8), Map.entry("double", 8));

  private static Map<String, List<String>> parseFbs() throws IOException {
    StringBuilder all = new StringBuilder();
    try (Stream<Path> files = Files.list(FBS)) {
      for (Path p : files.filter(p -> p.toString().endsWith(".fbs")).sorted().toList()) {
        all.append(Files.readString(p).replaceAll("//[^\n]*", "")).append('\n');
      }
    }
    Map<String, String> kinds = new LinkedHashMap<>();
    Map<String, String> bodies = new LinkedHashMap<>();
    Map<String, String> enumTypes = new LinkedHashMap<>();
    Matcher m = BLOCK.matcher(all);
    while (m.find()) {
      kinds.put(m.group(2), m.group(1));
      bodies.put(m.group(2), m.group(4));
      if (m.group(3) != null) {
        enumTypes.put(m.group(2), m.group(3));
      }
    }
    assertThat(kinds).as("parsed the .fbs files").containsEntry("TimeStamp", "struct").hasSizeGreaterThan(20);
    Map<String, List<String>> tables = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : kinds.entrySet()) {
      if (!e.getValue().equals("table")) {
        continue;
      }
      List<String> slots = new ArrayList<>();
      Matcher f = FIELD.matcher(bodies.get(e.getKey()));
      while (f.find()) {
        String name = f.group(1);
        String type = f.group(3);
        boolean vector = !f.group(2).isEmpty();
        String kind = kinds.get(type);
        if (vector) {
          if (type.equals("string")) {
            slots.add(name + " STRING_VECTOR 4 4");
          } else if ("table".equals(kind)) {
            slots.add(name + " TABLE_VECTOR 4 4 " + type);
          } else {
            int size = SCALARS.get(kind == null ? type : enumTypes.get(type));
            slots.add(name + " VECTOR " + size + " " + size);
          }
        } else if (type.equals("string")) {
          slots.add(name + " STRING 1 1");
        } else if (SCALARS.containsKey(type) || "enum".equals(kind)) {
          int size = SCALARS.get(kind == null ? type : enumTypes.get(type));
          slots.add(name + " SCALAR " + size + " " + size);
        } else if ("struct".equals(kind)) {
          // The only struct is TimeStamp: 12 bytes, aligned to its u32.
          assertThat(type).isEqualTo("TimeStamp");
          slots.add(name + " STRUCT 12 4");
        } else if ("table".equals(kind)) {
          slots.add(name + " TABLE 4 4 " + type);
        } else if ("union".equals(kind)) {
          // flatc: a union takes the slot "<name>_type" (its ubyte tag) and then the slot of the value.
          List<String> members = new ArrayList<>(List.of("NONE"));
          for (String member : bodies.get(type).split(",")) {
            String t = member.contains(":") ? member.split(":")[1].trim() : member.trim();
            if (!t.isEmpty()) {
              members.add(t);
            }
          }
          slots.add(name + "_type UNION_TAG 1 1");
          slots.add(name + " UNION 4 4 " + members);
        } else {
          throw new AssertionError("unknown type " + type + " in " + e.getKey());
        }
      }
      tables.put(e.getKey(), slots);
    }
    assertThat(tables.keySet()).contains("JoinedPayload", "OutcomeEvent", "EventBatch");
    assertThat(Set.copyOf(kinds.values())).containsExactlyInAnyOrder("table", "struct", "union", "enum");
    return tables;
  }
}
