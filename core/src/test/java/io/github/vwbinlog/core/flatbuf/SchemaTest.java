package io.github.vwbinlog.core.flatbuf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.schema.Slots;
import io.github.vwbinlog.schema.TableWalk;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Schema} names the roots the verifier takes; what each table holds is the generated {@link TableWalk}'s. So
 * every table of the {@code .fbs} files (each has a {@link Slots} class) must be one of Schema's constants, under its
 * own name and id, with its slot count. ({@code SlotsTest} checks the slots against flatc's own numbering, and
 * {@code FlatVerifierValidTest} that the walk checks every slot of every table.)
 */
class SchemaTest {

  private static List<TableType> schemaTables() throws IllegalAccessException {
    List<TableType> tables = new ArrayList<>();
    for (Field f : Schema.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == TableType.class) {
        tables.add((TableType) f.get(null));
      }
    }
    return tables;
  }

  @Test
  void everyTableOfTheFbsFilesIsARootUnderItsNameAndId() throws Exception {
    List<String> fbs = Arrays.stream(Slots.class.getDeclaredClasses()).map(Class::getSimpleName).toList();
    List<TableType> schema = schemaTables();
    assertThat(schema).extracting(TableType::name).containsExactlyInAnyOrderElementsOf(fbs);
    assertThat(schema).extracting(TableType::id).doesNotHaveDuplicates().allMatch(id -> id >= 0 && id < fbs.size());
    for (TableType t : schema) {
      Class<?> slots = Class.forName(Slots.class.getName() + "$" + t.name());
      assertThat(t.slotCount()).as(t.name()).isEqualTo(slots.getField("COUNT").getInt(null));
      assertThat(TableWalk.class.getField(Schema.class.getField(constantName(t)).getName()).getInt(null))
          .as(t.name()).isEqualTo(t.id());
    }
  }

  @Test
  void constantNamesFollowTableNames() throws Exception {
    for (Field f : Schema.class.getFields()) {
      if (f.getType() == TableType.class) {
        assertThat(f.getName()).isEqualTo(constantName((TableType) f.get(null)));
      }
    }
  }

  private static String constantName(TableType t) {
    return t.name().replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase();
  }
}
