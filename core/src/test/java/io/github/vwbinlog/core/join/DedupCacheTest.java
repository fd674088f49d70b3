package io.github.vwbinlog.core.join;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.core.conformance.Json;
import io.github.vwbinlog.core.event.JsonSyntax;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link DedupCache}: VW's LRU cache of deduplicated actions (SPEC §4.5): the {@code dedup_cache} cases of the
 * conformance corpus, operation by operation, and the payload-level rules ({@link DedupCache#apply}).
 */
@DisplayName("DedupCache: the LRU dedup cache (SPEC §4.5)")
class DedupCacheTest {

  /** Runs one corpus case: each operation in order, with its expected result. The cached "examples" are their names. */
  @TestFactory
  Stream<DynamicTest> corpusCases() {
    List<Corpus.Case> cases = Corpus.cases("dedup_cache");
    assertThat(cases).hasSize(2);
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
      DedupCache cache = new DedupCache();
      int step = 0;
      for (Object item : Json.array(c.expect().get("operations"))) {
        Map<String, @Nullable Object> op = Json.object(item);
        String name = (String) op.get("op");
        Object id = op.get("id");
        long key = id == null ? -1 : ((Number) id).longValue();
        String where = c.id() + " operation " + step++ + " " + op;
        switch (name) {
          case "add" -> cache.add(key, (String) op.get("example"));
          case "update" -> cache.update(key);
          case "clear_after" -> cache.clearAfter(key);
          case "exists" -> assertThat(cache.exists(key)).as(where).isEqualTo(op.get("result"));
          case "size" -> assertThat(cache.size()).as(where).isEqualTo(((Number) op.get("result")).intValue());
          case "get" -> assertThat(cache.get(key)).as(where).isEqualTo(op.get("result"));
          default -> throw new AssertionError("unknown operation " + where);
        }
      }
      assertThat(step).isGreaterThan(10);
    }));
  }

  private static DedupCache cacheOf(List<Long> ids, List<String> values) {
    DedupCache cache = new DedupCache();
    assertThat(cache.apply(ids, values, DedupCacheTest::parses)).isEqualTo(-1);
    return cache;
  }

  /** What the joiner checks for a new value: one JSON object (SPEC §0 item 3, §4.5). */
  private static boolean parses(String value) {
    return JsonSyntax.isObject(ByteBuffer.wrap(value.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void aPayloadOfUniqueIdsLeavesExactlyItsIds() {
    DedupCache cache = cacheOf(List.of(1L, 2L, 3L), List.of("{\"a\":1}", "{\"a\":2}", "{\"a\":3}"));
    assertThat(cache.apply(List.of(3L, 4L), List.of("not parsed: 3 is cached", "{\"a\":4}"), DedupCacheTest::parses))
        .isEqualTo(-1);
    assertThat(cache.size()).isEqualTo(2);
    assertThat(cache.exists(1L)).isFalse();
    assertThat(cache.exists(2L)).isFalse();
    assertThat(cache.get(3L)).isEqualTo("{\"a\":3}");
    assertThat(cache.get(4L)).isEqualTo("{\"a\":4}");
  }

  @Test
  void duplicateIdsInOnePayloadEvictTheIdsBetweenThem() {
    // [a, b, a]: a is added, b is added, a moves to the front; everything behind the first id (a) is evicted: b
    // (SPEC §4.5, §11 item 10).
    long a = 10;
    long b = 20;
    DedupCache cache = cacheOf(List.of(a, b, a), List.of("{\"a\":1}", "{\"b\":1}", "{\"a\":2}"));
    assertThat(cache.exists(a)).isTrue();
    assertThat(cache.exists(b)).isFalse();
    assertThat(cache.size()).isEqualTo(1);
    assertThat(cache.get(a)).isEqualTo("{\"a\":1}");
  }

  @Test
  void aCachedIdIgnoresItsNewValue() {
    DedupCache cache = cacheOf(List.of(7L), List.of("{\"first\":1}"));
    assertThat(cache.apply(List.of(7L), List.of("{\"second\":2}"), DedupCacheTest::parses)).isEqualTo(-1);
    assertThat(cache.get(7L)).isEqualTo("{\"first\":1}");
    cache.add(8L, "{\"b\":1}");
    cache.update(7L);
    assertThat(cache.get(7L)).isEqualTo("{\"first\":1}");
  }

  @Test
  void anEmptyPayloadEvictsNothing() {
    DedupCache cache = cacheOf(List.of(1L, 2L), List.of("{}", "{}"));
    assertThat(cache.apply(List.of(), List.of(), DedupCacheTest::parses)).isEqualTo(-1);
    assertThat(cache.size()).isEqualTo(2);
  }

  @Test
  void theLruOrderIsMostRecentFirst() {
    DedupCache cache = new DedupCache();
    cache.add(1L, "{}");
    cache.add(2L, "{}");
    cache.add(3L, "{}");
    cache.update(1L); // order 1, 3, 2
    cache.clearAfter(3L);
    assertThat(cache.exists(1L)).isTrue();
    assertThat(cache.exists(3L)).isTrue();
    assertThat(cache.exists(2L)).isFalse();
    cache.clearAfter(99L); // not cached: nothing happens
    assertThat(cache.size()).isEqualTo(2);
    cache.update(99L); // not cached: nothing happens
    assertThat(cache.exists(99L)).isFalse();
  }

  @Test
  void unsignedIdsAboveLongMaxAreDistinctKeys() {
    long big = 0xFFFF_FFFF_FFFF_FFFFL; // u64 max, -1 as a Java long
    DedupCache cache = cacheOf(List.of(big, Long.MIN_VALUE), List.of("{\"max\":1}", "{\"min\":1}"));
    assertThat(cache.get(big)).isEqualTo("{\"max\":1}");
    assertThat(cache.get(Long.MIN_VALUE)).isEqualTo("{\"min\":1}");
  }

  @Test
  void aValueThatDoesNotParseStopsThePayloadKeepingThePairsBeforeItAndEvictingNothing() {
    // VW keeps the entries processed before a value that does not parse, and evicts nothing (SPEC §4.5).
    DedupCache cache = cacheOf(List.of(1L), List.of("{}"));
    assertThat(cache.apply(List.of(2L, 3L, 4L, 5L), List.of("{\"two\":2}", "{\"three\":3}", "not json", "{}"),
        DedupCacheTest::parses)).isEqualTo(2);
    assertThat(cache.exists(1L)).isTrue();
    assertThat(cache.get(2L)).isEqualTo("{\"two\":2}");
    assertThat(cache.get(3L)).isEqualTo("{\"three\":3}");
    assertThat(cache.exists(4L)).isFalse();
    assertThat(cache.exists(5L)).isFalse();
  }

  @Test
  void aRepeatedIdsSecondValueIsNeverParsed() {
    // [5, 5]: the second 5 is cached by then, so its text is ignored unparsed, as VW ignores it.
    DedupCache cache = new DedupCache();
    assertThat(cache.apply(List.of(5L, 5L), List.of("{\"a\":1}", "not json"), DedupCacheTest::parses)).isEqualTo(-1);
    assertThat(cache.get(5L)).isEqualTo("{\"a\":1}");
  }
}
