package io.github.vwbinlog.core.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The pool of zstd contexts keeps at most its capacity, and frees everything once closed. */
class ZstdContextsTest {
  private static final byte[] TEXT = "{\"a\":1}".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] FRAME = Zstd.compress(TEXT);

  private static boolean works(ZstdDecompressCtx context) {
    byte[] out = new byte[TEXT.length];
    return context.decompressByteArray(out, 0, out.length, FRAME, 0, FRAME.length) == TEXT.length;
  }

  @Test
  void keepsAtMostItsCapacityAndClosesTheRest() {
    try (ZstdContexts pool = new ZstdContexts(2)) {
      ZstdDecompressCtx a = pool.borrow();
      ZstdDecompressCtx b = pool.borrow();
      ZstdDecompressCtx c = pool.borrow();
      assertThat(works(a) && works(b) && works(c)).isTrue();
      pool.release(a);
      pool.release(b);
      pool.release(c);
      assertThat(pool.idle()).isEqualTo(2);
      assertThatThrownBy(() -> works(c)).as("the context beyond the capacity is closed")
          .isInstanceOf(IllegalStateException.class);
      assertThat(pool.borrow()).isIn(a, b).satisfies(again -> assertThat(works(again)).isTrue());
      assertThat(pool.idle()).isEqualTo(1);
    }
  }

  @Test
  void closingFreesTheIdleAndWhatComesBackLater() {
    ZstdContexts pool = new ZstdContexts(4);
    ZstdDecompressCtx idle = pool.borrow();
    ZstdDecompressCtx out = pool.borrow();
    pool.release(idle);
    pool.close();
    assertThat(pool.idle()).isZero();
    assertThatThrownBy(() -> works(idle)).isInstanceOf(IllegalStateException.class);
    assertThat(works(out)).as("a context still borrowed works until given back").isTrue();
    pool.release(out);
    assertThatThrownBy(() -> works(out)).isInstanceOf(IllegalStateException.class);
    assertThat(pool.idle()).isZero();
  }

  @Test
  void capacityIsAtLeastOne() {
    assertThatThrownBy(() -> new ZstdContexts(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 1");
  }
}
