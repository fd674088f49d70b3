package io.github.vwbinlog;

/**
 * A schema v2 {@code TimeStamp} struct: calendar fields in UTC, as the logging client or the joiner wrote them.
 *
 * <p>Fields are kept exactly as stored, without range validation (SPEC §5): {@code year} is the signed 16-bit value,
 * the others are unsigned. Times are compared in whole seconds: the {@code subsecond} field is kept but ignored by
 * {@link #epochSecond()}, as VW does.
 *
 * <p>Thread-safe: an immutable record.
 *
 * <pre>{@code
 * TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, 46);
 * t.epochSecond();  // 1618326526
 * t.format();       // "2021-04-13T15:08:46.000000Z"
 * }</pre>
 *
 * @param year the year, read as a signed 16-bit value
 * @param month 1..12 in valid data; stored as is
 * @param day 1..31 in valid data; stored as is
 * @param hour 0..23 in valid data
 * @param minute 0..59 in valid data
 * @param second 0..59 in valid data
 * @param subsecond the sub-second part as the client wrote it (unsigned 32-bit); ignored by comparisons
 */
public record TimeStamp(int year, int month, int day, int hour, int minute, int second, long subsecond) {

  /** The all-zero time stamp, which VW treats as "no client time" (see {@link #isEmpty()}). */
  public static final TimeStamp EMPTY = new TimeStamp(0, 0, 0, 0, 0, 0, 0);

  /** Validates only the storage ranges of the fields, so that every value read from a file can be represented. */
  public TimeStamp {
    if (year < Short.MIN_VALUE || year > Short.MAX_VALUE) {
      throw new IllegalArgumentException("year " + year + " is not a signed 16-bit value");
    }
    checkByte("month", month);
    checkByte("day", day);
    checkByte("hour", hour);
    checkByte("minute", minute);
    checkByte("second", second);
    if (subsecond < 0 || subsecond > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("subsecond " + subsecond + " is not an unsigned 32-bit value");
    }
  }

  private static void checkByte(String name, int value) {
    if (value < 0 || value > 255) {
      throw new IllegalArgumentException(name + " " + value + " is not an unsigned 8-bit value");
    }
  }

  /** A time stamp with a zero sub-second part. */
  public static TimeStamp of(int year, int month, int day, int hour, int minute, int second) {
    return new TimeStamp(year, month, day, hour, minute, second, 0);
  }

  /**
   * Whether VW treats this as "no client time": year, month, day, hour, minute and second all zero (the sub-second part
   * is not considered).
   */
  public boolean isEmpty() {
    return year == 0 && month == 0 && day == 0 && hour == 0 && minute == 0 && second == 0;
  }

  /**
   * Seconds since 1970-01-01T00:00:00Z by the proleptic Gregorian calendar, ignoring {@code subsecond}, with VW's
   * plain integer arithmetic: month 0 or day 0 simply count backwards (SPEC §5).
   */
  public long epochSecond() {
    return epochSecond(year, month, day, hour, minute, second);
  }

  /**
   * {@link #epochSecond()} of these fields, without a {@code TimeStamp}: for readers that read the fields of a
   * flatbuffer's {@code TimeStamp} struct in place.
   */
  public static long epochSecond(int year, int month, int day, int hour, int minute, int second) {
    return daysFromCivil(year, month, day) * 86_400L + hour * 3_600L + minute * 60L + second;
  }

  /**
   * The DSJSON form {@code YYYY-MM-DDTHH:MM:SS.000000Z} of {@link #epochSecond()} in UTC. Out-of-range fields are
   * normalised the way VW's clock does it (month 13 of 2020 is January 2021), and the sub-second part is always
   * dropped.
   */
  public String format() {
    java.time.LocalDateTime t = java.time.LocalDateTime.ofEpochSecond(epochSecond(), 0, java.time.ZoneOffset.UTC);
    return String.format(java.util.Locale.ROOT, "%04d-%02d-%02dT%02d:%02d:%02d.000000Z", // ASCII digits always
        t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond());
  }

  private static long daysFromCivil(long y, long m, long d) {
    y -= m <= 2 ? 1 : 0;
    long era = Math.floorDiv(y, 400);
    long yoe = y - era * 400;
    long doy = Math.floorDiv(153 * (m > 2 ? m - 3 : m + 9) + 2, 5) + d - 1;
    long doe = yoe * 365 + Math.floorDiv(yoe, 4) - Math.floorDiv(yoe, 100) + doy;
    return era * 146_097 + doe - 719_468;
  }
}
