package io.github.vwbinlog.core.logjoin;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IdTableTest {
  private static Held held(String id) {
    return new Held(id, 0, 0, 0, ByteBuffer.allocate(0), 0, 0, null, "f", 0, null);
  }

  @Test
  void findsWhatWasPutAndNotWhatWasRemoved() {
    IdTable t = new IdTable(4);
    Held a = held("a");
    Held b = held("b");
    assertThat(t.putIfAbsent(a)).isNull();
    assertThat(t.putIfAbsent(b)).isNull();
    assertThat(t.putIfAbsent(held("a"))).isSameAs(a);
    assertThat(t.get("a")).isSameAs(a);
    assertThat(t.get("c")).isNull();
    t.remove(a);
    assertThat(t.get("a")).isNull();
    assertThat(t.get("b")).isSameAs(b);
    assertThat(t.size()).isEqualTo(1);
  }

  @Test
  void idsWithTheSameHashAreToldApart() {
    // "Aa" and "BB" have the same String.hashCode, so the same slot and the same stored hash
    IdTable t = new IdTable(2);
    Held aa = held("Aa");
    Held bb = held("BB");
    t.putIfAbsent(aa);
    t.putIfAbsent(bb);
    assertThat(t.get("Aa")).isSameAs(aa);
    assertThat(t.get("BB")).isSameAs(bb);
    t.remove(aa);
    assertThat(t.get("Aa")).isNull();
    assertThat(t.get("BB")).isSameAs(bb);
  }

  /** Random puts, lookups and removals agree with a HashMap, through growth and the shifts after removals. */
  @Test
  void agreesWithAHashMap() {
    for (int seed = 0; seed < 20; seed++) {
      Random random = new Random(seed);
      IdTable t = new IdTable(2);
      Map<String, Held> expected = new HashMap<>();
      List<Held> in = new ArrayList<>();
      int range = 50 + random.nextInt(5000);
      for (int step = 0; step < 20_000; step++) {
        String id = "id-" + random.nextInt(range);
        int op = random.nextInt(3);
        if (op == 0) {
          Held h = held(id);
          Held first = expected.putIfAbsent(id, h);
          assertThat(t.putIfAbsent(h)).isSameAs(first);
          if (first == null) {
            in.add(h);
          }
        } else if (op == 1 && !in.isEmpty()) {
          Held h = in.remove(random.nextInt(in.size()));
          expected.remove(h.id);
          t.remove(h);
        } else {
          assertThat(t.get(id)).isSameAs(expected.get(id));
        }
        assertThat(t.size()).isEqualTo(expected.size());
      }
      for (Map.Entry<String, Held> e : expected.entrySet()) {
        assertThat(t.get(e.getKey())).isSameAs(e.getValue());
      }
    }
  }
}
