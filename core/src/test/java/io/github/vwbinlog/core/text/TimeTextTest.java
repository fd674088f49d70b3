package io.github.vwbinlog.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.TimeStamp;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link TimeText} writes what {@link TimeStamp#format()} writes, and computes its epoch second, for any fields. */
class TimeTextTest {

  @Test
  void sameTextAndSecondsAsTimeStamp() {
    Random random = new Random(11);
    for (int n = 0; n < 200_000; n++) {
      TimeStamp t = n % 2 == 0
          ? new TimeStamp(random.nextInt(1 << 16) - (1 << 15), random.nextInt(256), random.nextInt(256),
              random.nextInt(256), random.nextInt(256), random.nextInt(256), 0)
          : new TimeStamp(1900 + random.nextInt(300), 1 + random.nextInt(12), 1 + random.nextInt(31),
              random.nextInt(24), random.nextInt(60), random.nextInt(60), 0);
      long second = io.github.vwbinlog.TimeStamp.epochSecond(t.year(), t.month(), t.day(), t.hour(), t.minute(), t.second());
      assertThat(second).as("%s", t).isEqualTo(t.epochSecond());
      String expected;
      try {
        expected = t.format();
      } catch (RuntimeException e) {
        continue; // outside java.time's range: TimeText.format fails the same way
      }
      assertThat(TimeText.format(second)).as("%s", t).isEqualTo(expected);
    }
    assertThat(TimeText.format(0)).isEqualTo("1970-01-01T00:00:00.000000Z");
    assertThat(TimeText.format(-62167219200L)).isEqualTo("0000-01-01T00:00:00.000000Z");
  }
}
