package io.github.vwbinlog.core.flatbuf;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.schema.Slots;
import io.github.vwbinlog.schema.TableWalk;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generated {@link Slots} constants are flatc's own numbering: every {@code add<Field>} method of every class flatc
 * generated writes its field at the slot the constant names. Our generator parses the {@code .fbs} files itself, so
 * this is what would catch it numbering a field differently from flatc (an attribute it missed, a union counted once).
 */
class SlotsTest {
  private static final String GENERATED = "reinforcement_learning.messages.flatbuff.v2.";

  /** A builder that only notes the slot each generated {@code add} method writes. */
  private static final class SlotRecorder extends FlatBufferBuilder {
    int slot = -1;

    SlotRecorder() {
      forceDefaults(true);
    }

    @Override
    public void slot(int voffset) {
      slot = voffset;
    }

    @Override
    public void addStruct(int voffset, int x, int d) {
      slot = voffset;
    }
  }

  @Test
  void everyConstantIsTheSlotFlatcWrites() throws Exception {
    int checked = 0;
    for (Class<?> table : Slots.class.getDeclaredClasses()) {
      Map<String, Integer> ours = constants(table);
      Map<String, Integer> flatc = new LinkedHashMap<>();
      for (Method m : Class.forName(GENERATED + table.getSimpleName()).getMethods()) {
        if (!Modifier.isStatic(m.getModifiers()) || !m.getName().startsWith("add") || m.getParameterCount() != 2
            || m.getParameterTypes()[0] != FlatBufferBuilder.class) {
          continue;
        }
        SlotRecorder recorder = new SlotRecorder();
        m.invoke(null, recorder, zero(m.getParameterTypes()[1]));
        flatc.put(constantName(m.getName().substring(3)), recorder.slot);
      }
      assertThat(flatc).as(table.getSimpleName()).isEqualTo(ours);
      assertThat(constants(table)).as(table.getSimpleName() + ".COUNT").hasSize(table.getField("COUNT").getInt(null));
      checked += ours.size();
    }
    assertThat(checked).as("slots checked").isGreaterThan(60);
  }

  @Test
  void theWalkHasOneTableForEachSlotsClassWithItsSlotCount() throws Exception {
    Class<?>[] tables = Slots.class.getDeclaredClasses();
    List<String> walked = new ArrayList<>();
    for (int id = 0; id < tables.length; id++) {
      walked.add(TableWalk.name(id));
      Class<?> slots = Class.forName(Slots.class.getName() + "$" + TableWalk.name(id));
      assertThat(TableWalk.slotCount(id)).as(TableWalk.name(id)).isEqualTo(constants(slots).size());
    }
    assertThat(walked).containsExactlyInAnyOrderElementsOf(
        List.of(tables).stream().map(Class::getSimpleName).toList());
  }

  /** The slot constants of one table, in slot order (COUNT left out). */
  private static Map<String, Integer> constants(Class<?> table) throws IllegalAccessException {
    Map<Integer, String> bySlot = new java.util.TreeMap<>();
    for (java.lang.reflect.Field f : table.getFields()) {
      if (!f.getName().equals("COUNT")) {
        assertThat(bySlot.put(f.getInt(null), f.getName())).as("two constants for one slot").isNull();
      }
    }
    Map<String, Integer> ordered = new LinkedHashMap<>();
    bySlot.forEach((slot, name) -> ordered.put(name, slot));
    return ordered;
  }

  /** {@code ActionIds} to {@code ACTION_IDS}. */
  private static String constantName(String camel) {
    return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
  }

  private static Object zero(Class<?> type) {
    if (type == boolean.class) {
      return false;
    } else if (type == byte.class) {
      return (byte) 0;
    } else if (type == short.class) {
      return (short) 0;
    } else if (type == int.class) {
      return 0;
    } else if (type == long.class) {
      return 0L;
    } else if (type == float.class) {
      return 0f;
    } else if (type == double.class) {
      return 0d;
    }
    throw new AssertionError("unexpected parameter type " + type);
  }
}
