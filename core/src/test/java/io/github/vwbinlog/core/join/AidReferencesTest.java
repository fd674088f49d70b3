package io.github.vwbinlog.core.join;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** Dedup references expanded for training: what VW's JSON parser treats as a reference, and what it cannot look up. */
class AidReferencesTest {
  private final DedupCache cache = new DedupCache();

  AidReferencesTest() {
    cache.apply(List.of(1L, 4294967295L), List.of("{\"A\":{\"a1\":1}}", "{\"B\":{\"é\":2}}"), v -> true);
  }

  private @Nullable String expand(String context) throws AidReferences.Unexpandable {
    ByteBuffer out = AidReferences.expand(ByteBuffer.wrap(context.getBytes(StandardCharsets.UTF_8)), cache);
    return out == null ? null : StandardCharsets.UTF_8.decode(out).toString();
  }

  @Test
  void referencesBecomeTheCachedActions() throws Exception {
    assertThat(expand("{\"U\":{\"x\":1},\"_multi\":[{\"__aid\":1},{ \"__AID\" :\n4294967295 }]}"))
        .isEqualTo("{\"U\":{\"x\":1},\"_multi\":[{\"A\":{\"a1\":1}},{\"B\":{\"é\":2}}]}");
  }

  @Test
  void aContextWithoutReferencesIsLeftAlone() throws Exception {
    assertThat(expand("{\"U\":{\"x\":1}}")).isNull();
    // "__aid" as a value, or inside a longer key, is no reference.
    assertThat(expand("{\"U\":\"__aid\",\"V\":{\"x__aid\":1},\"W\":\"{\\\"__aid\\\":1}\"}"))
        .isEqualTo("{\"U\":\"__aid\",\"V\":{\"x__aid\":1},\"W\":\"{\\\"__aid\\\":1}\"}");
  }

  @Test
  void whatCannotBeLookedUpIsRefused() {
    assertThatThrownBy(() -> expand("{\"_multi\":[{\"__aid\":2}]}"))
        .isInstanceOf(AidReferences.Unexpandable.class).hasMessage("dedup id 2 is not cached");
    assertThatThrownBy(() -> expand("{\"_multi\":[{\"__aid\":4294967296}]}"))
        .isInstanceOf(AidReferences.Unexpandable.class).hasMessageContaining("above 2^32 - 1");
    for (String other : new String[] {"{\"_multi\":[{\"__aid\":1,\"x\":2}]}", "{\"_multi\":[{\"x\":2,\"__aid\":1}]}",
        "{\"_multi\":[{\"__aid\":\"1\"}]}", "{\"_multi\":[{\"__aid\":-1}]}"}) {
      assertThatThrownBy(() -> expand(other)).as(other).isInstanceOf(AidReferences.Unexpandable.class);
    }
  }
}
