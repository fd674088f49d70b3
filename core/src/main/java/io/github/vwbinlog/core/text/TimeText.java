package io.github.vwbinlog.core.text;

import java.nio.charset.StandardCharsets;

/**
 * The DSJSON text of a time, {@code YYYY-MM-DDTHH:MM:SS.000000Z}, from its epoch second: the same text as
 * {@link io.github.vwbinlog.TimeStamp#format()}, without {@code String.format} for years 0 to 9999.
 */
public final class TimeText {
  private TimeText() {}

  /** The text of {@code epochSecond}, as {@code TimeStamp.format()} writes it. */
  public static String format(long epochSecond) {
    byte[] out = new byte[27];
    if (write(epochSecond, out, 0) < 0) {
      java.time.LocalDateTime t = java.time.LocalDateTime.ofEpochSecond(epochSecond, 0, java.time.ZoneOffset.UTC);
      return String.format("%04d-%02d-%02dT%02d:%02d:%02d.000000Z",
          t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond());
    }
    return new String(out, StandardCharsets.US_ASCII);
  }

  /**
   * Writes the 27 bytes of the text at {@code at}, or nothing when the year is outside 0 to 9999.
   *
   * @return the index after the text, or -1 when nothing was written
   */
  public static int write(long epochSecond, byte[] out, int at) {
    long days = Math.floorDiv(epochSecond, 86_400L);
    long secondOfDay = epochSecond - days * 86_400L;
    // Civil from days (H. Hinnant), as java.time computes it.
    long z = days + 719_468;
    long era = Math.floorDiv(z, 146_097);
    long doe = z - era * 146_097;
    long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    long y = yoe + era * 400;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    long d = doy - (153 * mp + 2) / 5 + 1;
    long m = mp < 10 ? mp + 3 : mp - 9;
    if (m <= 2) {
      y++;
    }
    if (y < 0 || y > 9999) {
      return -1;
    }
    int hour = (int) (secondOfDay / 3600);
    int minute = (int) (secondOfDay / 60 % 60);
    int second = (int) (secondOfDay % 60);
    int p = at;
    out[p++] = (byte) ('0' + y / 1000);
    out[p++] = (byte) ('0' + y / 100 % 10);
    out[p++] = (byte) ('0' + y / 10 % 10);
    out[p++] = (byte) ('0' + y % 10);
    out[p++] = '-';
    p = two(out, p, (int) m);
    out[p++] = '-';
    p = two(out, p, (int) d);
    out[p++] = 'T';
    p = two(out, p, hour);
    out[p++] = ':';
    p = two(out, p, minute);
    out[p++] = ':';
    p = two(out, p, second);
    out[p++] = '.';
    for (int i = 0; i < 6; i++) {
      out[p++] = '0';
    }
    out[p++] = 'Z';
    return p;
  }

  private static int two(byte[] out, int p, int v) {
    out[p] = (byte) ('0' + v / 10);
    out[p + 1] = (byte) ('0' + v % 10);
    return p + 2;
  }
}
