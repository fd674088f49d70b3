package io.github.vwbinlog.core.flatbuf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.schema.Slots;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Schema} is written by hand, so it is checked against the {@code .fbs} files flatc compiled, as the generated
 * {@link Slots#TABLES} describes them: same tables, same slots in the same order, same shapes. A slot described
 * wrongly would make the verifier check the wrong bytes. ({@code SlotsTest} checks the generated slots against flatc's
 * own numbering.)
 */
class SchemaTest {

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
  void everyTableMatchesTheFbsFiles() {
    Map<String, List<String>> fbs = Slots.TABLES;
    Map<String, TableType> schema;
    try {
      schema = schemaTables();
    } catch (IllegalAccessException e) {
      throw new AssertionError(e);
    }
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
}
