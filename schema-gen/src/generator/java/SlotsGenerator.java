import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes {@code io.github.vwbinlog.schema.Slots}, the vtable slot of every field of every table of the {@code .fbs}
 * files, for the hand-written readers that read flatbuffers without flatc's accessors (the conversion fast path) and
 * for the test that checks the verifier's table descriptions. Run by {@code regenerate.sh} (never by hand, never
 * edited by hand): {@code java SlotsGenerator.java FBS_DIR OUT_FILE}.
 *
 * <p>It parses exactly the subset of the flatbuffers grammar that schema v2 uses (tables, structs, unions, enums,
 * scalar defaults, {@code include} and {@code namespace} lines, comments) and fails on anything else, such as an
 * {@code (id: n)} attribute, so that a schema change it does not understand cannot slip through. A field's slot is its
 * index in declaration order; a union takes two slots, {@code <name>_type} (its tag) and then the value, as flatc
 * numbers them.
 */
public final class SlotsGenerator {
  private static final Pattern BLOCK = Pattern.compile(
      "(table|struct|union|enum)\\s+(\\w+)\\s*(?::\\s*(\\w+))?\\s*\\{([^}]*)}");
  private static final Pattern FIELD = Pattern.compile(
      "(\\w+)\\s*:\\s*(\\[?)(\\w+)(\\]?)\\s*(?:=\\s*[\\w.+-]+)?\\s*;");
  private static final Map<String, Integer> SCALARS = Map.ofEntries(
      Map.entry("bool", 1), Map.entry("byte", 1), Map.entry("ubyte", 1), Map.entry("short", 2),
      Map.entry("ushort", 2), Map.entry("int", 4), Map.entry("uint", 4), Map.entry("float", 4),
      Map.entry("long", 8), Map.entry("ulong", 8), Map.entry("double", 8));

  /** One slot: its field name, and its shape in the verifier's terms ("KIND size align [table]"). */
  record Slot(String name, String shape, String declaration) {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: java SlotsGenerator.java FBS_DIR OUT_FILE");
      System.exit(2);
    }
    Path fbs = Path.of(args[0]);
    Map<String, String> fileOf = new LinkedHashMap<>();
    Map<String, String> kinds = new LinkedHashMap<>();
    Map<String, String> bodies = new LinkedHashMap<>();
    Map<String, String> enumTypes = new LinkedHashMap<>();
    try (Stream<Path> files = Files.list(fbs)) {
      for (Path p : files.filter(p -> p.toString().endsWith(".fbs")).sorted().toList()) {
        String text = Files.readString(p, StandardCharsets.UTF_8).replaceAll("//[^\n]*", "");
        Matcher m = BLOCK.matcher(text);
        StringBuilder rest = new StringBuilder();
        int end = 0;
        while (m.find()) {
          rest.append(text, end, m.start());
          end = m.end();
          String name = m.group(2);
          if (kinds.put(name, m.group(1)) != null) {
            throw new IllegalArgumentException(name + " is declared twice");
          }
          fileOf.put(name, p.getFileName().toString());
          bodies.put(name, m.group(4));
          if (m.group(3) != null) {
            enumTypes.put(name, m.group(3));
          }
        }
        rest.append(text.substring(end));
        String leftover = rest.toString().replaceAll("(include\\s+\"[^\"]+\"|namespace\\s+[\\w.]+)\\s*;", "").trim();
        if (!leftover.isEmpty()) {
          throw new IllegalArgumentException(p + ": not understood: " + leftover);
        }
      }
    }
    Map<String, List<Slot>> tables = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : kinds.entrySet()) {
      if (e.getValue().equals("table")) {
        tables.put(e.getKey(), slots(e.getKey(), bodies, kinds, enumTypes));
      }
    }
    Files.writeString(Path.of(args[1]), render(tables, fileOf), StandardCharsets.UTF_8);
  }

  private static List<Slot> slots(String table, Map<String, String> bodies, Map<String, String> kinds,
      Map<String, String> enumTypes) {
    String body = bodies.get(table);
    List<Slot> slots = new ArrayList<>();
    Matcher f = FIELD.matcher(body);
    int end = 0;
    while (f.find()) {
      if (!body.substring(end, f.start()).isBlank()) {
        throw new IllegalArgumentException(table + ": not understood: " + body.substring(end, f.start()).trim());
      }
      end = f.end();
      String name = f.group(1);
      String type = f.group(3);
      boolean vector = !f.group(2).isEmpty();
      if (vector != !f.group(4).isEmpty()) {
        throw new IllegalArgumentException(table + "." + name + ": unbalanced brackets");
      }
      String kind = kinds.get(type);
      String declaration = name + ": " + (vector ? "[" + type + "]" : type);
      if (vector) {
        if (type.equals("string")) {
          slots.add(new Slot(name, "STRING_VECTOR 4 4", declaration));
        } else if ("table".equals(kind)) {
          slots.add(new Slot(name, "TABLE_VECTOR 4 4 " + type, declaration));
        } else {
          int size = scalarSize(type, kind, enumTypes);
          slots.add(new Slot(name, "VECTOR " + size + " " + size, declaration));
        }
      } else if (type.equals("string")) {
        slots.add(new Slot(name, "STRING 1 1", declaration));
      } else if (SCALARS.containsKey(type) || "enum".equals(kind)) {
        int size = scalarSize(type, kind, enumTypes);
        slots.add(new Slot(name, "SCALAR " + size + " " + size, declaration));
      } else if ("struct".equals(kind)) {
        if (!type.equals("TimeStamp")) {
          throw new IllegalArgumentException(table + "." + name + ": only the TimeStamp struct is known");
        }
        slots.add(new Slot(name, "STRUCT 12 4", declaration));
      } else if ("table".equals(kind)) {
        slots.add(new Slot(name, "TABLE 4 4 " + type, declaration));
      } else if ("union".equals(kind)) {
        List<String> members = new ArrayList<>(List.of("NONE"));
        for (String member : bodies.get(type).split(",")) {
          String t = member.contains(":") ? member.split(":")[1].trim() : member.trim();
          if (!t.isEmpty()) {
            members.add(t);
          }
        }
        slots.add(new Slot(name + "_type", "UNION_TAG 1 1", declaration + " (its tag)"));
        slots.add(new Slot(name, "UNION 4 4 " + members, declaration));
      } else {
        throw new IllegalArgumentException(table + "." + name + ": unknown type " + type);
      }
    }
    if (!body.substring(end).isBlank()) {
      throw new IllegalArgumentException(table + ": not understood: " + body.substring(end).trim());
    }
    return slots;
  }

  private static int scalarSize(String type, String kind, Map<String, String> enumTypes) {
    Integer size = SCALARS.get(kind == null ? type : enumTypes.get(type));
    if (size == null) {
      throw new IllegalArgumentException("unknown scalar type " + type);
    }
    return size;
  }

  private static String render(Map<String, List<Slot>> tables, Map<String, String> fileOf) {
    StringBuilder s = new StringBuilder();
    s.append("// Generated by schema-gen/src/generator/java/SlotsGenerator.java from schema-gen/src/main/fbs.\n");
    s.append("// Do not edit: run schema-gen/regenerate.sh.\n");
    s.append("package io.github.vwbinlog.schema;\n\n");
    s.append("import java.util.List;\n");
    s.append("import java.util.Map;\n\n");
    s.append("/**\n");
    s.append(" * The vtable slot of every field of every table of schema v2, in declaration order (a union takes two: its\n");
    s.append(" * tag, then its value). Readers that read flatbuffers without flatc's accessors name slots with these\n");
    s.append(" * constants, never with literal numbers; {@link #TABLES} describes every slot in the verifier's terms.\n");
    s.append(" *\n");
    s.append(" * <pre>{@code\n");
    s.append(" * int id = field(bytes, metadata, Slots.Metadata.ID);\n");
    s.append(" * }</pre>\n");
    s.append(" */\n");
    s.append("public final class Slots {\n");
    s.append("  private Slots() {}\n");
    for (Map.Entry<String, List<Slot>> t : tables.entrySet()) {
      s.append("\n  /** The slots of {@code table ").append(t.getKey()).append("} (").append(fileOf.get(t.getKey()))
          .append("). */\n");
      s.append("  public static final class ").append(t.getKey()).append(" {\n");
      s.append("    private ").append(t.getKey()).append("() {}\n\n");
      List<Slot> slots = t.getValue();
      for (int i = 0; i < slots.size(); i++) {
        Slot slot = slots.get(i);
        s.append("    /** {@code ").append(slot.declaration()).append("}. */\n");
        s.append("    public static final int ").append(slot.name().toUpperCase(Locale.ROOT)).append(" = ").append(i)
            .append(";\n");
      }
      s.append("    /** How many slots the table has. */\n");
      s.append("    public static final int COUNT = ").append(slots.size()).append(";\n");
      s.append("  }\n");
    }
    s.append("\n  /**\n");
    s.append("   * Every table's slots in order, each as {@code \"name KIND size align [table]\"}: the shape the flatbuffers\n");
    s.append("   * verifier checks (a union's value also lists its members, NONE first).\n");
    s.append("   */\n");
    s.append("  public static final Map<String, List<String>> TABLES = Map.ofEntries(");
    boolean first = true;
    for (Map.Entry<String, List<Slot>> t : tables.entrySet()) {
      s.append(first ? "\n" : ",\n");
      first = false;
      s.append("      Map.entry(\"").append(t.getKey()).append("\", List.of(");
      List<Slot> slots = t.getValue();
      for (int i = 0; i < slots.size(); i++) {
        s.append(i == 0 ? "\n" : ",\n");
        s.append("          \"").append(slots.get(i).name()).append(' ').append(slots.get(i).shape()).append('"');
      }
      s.append("))");
    }
    s.append(");\n");
    s.append("}\n");
    return s.toString();
  }
}
