package io.github.vwbinlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DurationTextTest {
  @Test
  void readsEachUnit() {
    assertThat(DurationText.parse("30s")).isEqualTo(Duration.ofSeconds(30));
    assertThat(DurationText.parse("10m")).isEqualTo(Duration.ofMinutes(10));
    assertThat(DurationText.parse(" 2H ")).isEqualTo(Duration.ofHours(2));
    assertThat(DurationText.parse("7d")).isEqualTo(Duration.ofDays(7));
    assertThat(DurationText.parse("999999999s")).isEqualTo(Duration.ofSeconds(999_999_999));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "s", "0s", "10", "10w", "-5m", "1.5h", "1000000000s", "unlimited", "0", "1 h", "+1h"})
  void refusesWhatIsNotADuration(String text) {
    assertThatThrownBy(() -> DurationText.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("must be a number and s, m, h or d (30s, 10m, 2h, 7d): " + text);
  }

  @Test
  void readsUnlimitedAndZeroOnlyWhereAllowed() {
    assertThat(DurationText.parse("Unlimited", true, false)).isNull();
    assertThat(DurationText.parse("0", false, true)).isEqualTo(Duration.ZERO);
    assertThat(DurationText.parse("5m", true, true)).isEqualTo(Duration.ofMinutes(5));
    assertThatThrownBy(() -> DurationText.parse("unlimited", false, true))
        .hasMessage("must be 0 or a number and s, m, h or d (30s, 10m, 2h, 7d): unlimited");
    assertThatThrownBy(() -> DurationText.parse("0", true, false))
        .hasMessage("must be unlimited or a number and s, m, h or d (30s, 10m, 2h, 7d): 0");
  }
}
