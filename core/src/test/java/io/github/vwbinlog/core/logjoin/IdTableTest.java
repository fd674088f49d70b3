package io.github.vwbinlog.core.logjoin;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.core.eventfile.EventFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IdTableTest {
  private static final Held.Registry REGISTRY = new Held.Registry();
  private static final Held.Pool POOL = new Held.Pool(REGISTRY);

  private static Held held(String id) {
    ByteBuffer bytes = ByteBuffer.wrap(id.getBytes(StandardCharsets.UTF_8));
    return held(id, EventFile.hash(bytes, 0, bytes.capacity()));
  }

  /** An event whose id has the given hash, whatever its bytes. */
  private static Held held(String id, long hash) {
    byte[] utf8 = id.getBytes(StandardCharsets.UTF_8);
    Held h = POOL.take().set(ByteBuffer.allocate(0), 0, 0, utf8.length, hash, 0, 0, 0, null, "f", 0, null);
    long[] words = new long[Held.WORDS];
    for (int k = 0; k < Math.min(utf8.length, 8 * Held.WORDS); k++) {
      words[k / 8] |= (utf8[k] & 0xFFL) << (8 * (k % 8));
    }
    h.id(words[0], words[1], words[2], words[3], words[4], utf8);
    return h;
  }

  @Test
  void findsWhatWasPutAndNotWhatWasRemoved() {
    IdTable t = new IdTable(4, REGISTRY);
    Held a = held("a");
    Held b = held("b");
    assertThat(t.putIfAbsent(a)).isNull();
    assertThat(t.putIfAbsent(b)).isNull();
    assertThat(t.putIfAbsent(held("a"))).isSameAs(a);
    assertThat(t.get(held("a"))).isSameAs(a);
    assertThat(t.get(held("c"))).isNull();
    t.remove(a);
    assertThat(t.get(held("a"))).isNull();
    assertThat(t.get(held("b"))).isSameAs(b);
    assertThat(t.size()).isEqualTo(1);
  }

  @Test
  void idsWithTheSameHashAreToldApart() {
    // the same 64-bit hash, so the same slot and the same stored hash: told apart by their bytes
    IdTable t = new IdTable(2, REGISTRY);
    Held aa = held("Aa", 42);
    Held bb = held("BB", 42);
    Held ab = held("Ab", 42);
    t.putIfAbsent(aa);
    t.putIfAbsent(bb);
    assertThat(t.get(held("Aa", 42))).isSameAs(aa);
    assertThat(t.get(held("BB", 42))).isSameAs(bb);
    assertThat(t.get(ab)).isNull();
    t.remove(aa);
    assertThat(t.get(held("Aa", 42))).isNull();
    assertThat(t.get(held("BB", 42))).isSameAs(bb);
  }

  @Test
  void idsAreComparedWholeWhateverTheirLength() {
    String base = "0123456789abcdef0123456789abcdef01234567"; // 40 bytes: the part held in fields
    for (String suffix : new String[] {"", "x", "-tail-of-a-long-id", "é"}) {
      Held a = held(base + suffix, 7);
      assertThat(a.id()).isEqualTo(base + suffix);
      assertThat(a.sameId(held(base + suffix, 7))).isTrue();
      assertThat(a.sameId(held(base + suffix + "!", 7))).isFalse();
      if (!suffix.isEmpty()) {
        // differs in the first byte after the 40 held in fields
        assertThat(a.sameId(held(base + "?" + suffix.substring(1), 7))).as(suffix).isFalse();
      }
    }
    assertThat(held("a", 7).sameId(held("b", 7))).isFalse();
    assertThat(held("abcdefgh1", 7).sameId(held("abcdefgh2", 7))).isFalse();
    assertThat(held("", 7).id()).isEmpty();
  }

  @Test
  void replacePutsAnotherEventOfTheSameIdInPlace() {
    IdTable t = new IdTable(4, REGISTRY);
    Held first = held("x");
    Held second = held("x");
    t.putIfAbsent(first);
    t.putIfAbsent(held("y"));
    t.replace(first, second);
    assertThat(t.get(held("x"))).isSameAs(second);
    assertThat(t.size()).isEqualTo(2);
  }

  @Test
  void theHashOfAnIdDoesNotDependOnWhereItsBytesLie() {
    byte[] id = "3defd95a-0122-4aac-9068-0b9ac30b66d8".getBytes(StandardCharsets.UTF_8);
    long onHeap = EventFile.hash(ByteBuffer.wrap(id), 0, id.length);
    ByteBuffer direct = ByteBuffer.allocateDirect(id.length + 5);
    direct.put(5, id);
    assertThat(EventFile.hash(direct, 5, id.length)).isEqualTo(onHeap);
    assertThat(EventFile.hash(direct.order(java.nio.ByteOrder.LITTLE_ENDIAN), 5, id.length)).isEqualTo(onHeap);
    ByteBuffer offset = ByteBuffer.wrap(new byte[id.length + 7], 2, id.length + 5).slice();
    offset.put(5, id);
    assertThat(EventFile.hash(offset, 5, id.length)).isEqualTo(onHeap);
    assertThat(EventFile.hash(ByteBuffer.wrap(id), 0, id.length - 1)).isNotEqualTo(onHeap);
  }

  /** Random puts, lookups and removals agree with a HashMap, through growth and the shifts after removals. */
  @Test
  void agreesWithAHashMap() {
    for (int seed = 0; seed < 20; seed++) {
      Random random = new Random(seed);
      IdTable t = new IdTable(2, REGISTRY);
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
          expected.remove(h.id());
          t.remove(h);
        } else {
          assertThat(t.get(held(id))).isSameAs(expected.get(id));
        }
        assertThat(t.size()).isEqualTo(expected.size());
      }
      for (Map.Entry<String, Held> e : expected.entrySet()) {
        assertThat(t.get(held(e.getKey()))).isSameAs(e.getValue());
      }
    }
  }
}
