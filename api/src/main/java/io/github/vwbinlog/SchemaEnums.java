package io.github.vwbinlog;

import java.util.Locale;
import java.util.function.Function;

/**
 * The lookups shared by the enums of the schema's values ({@link LearningMode}, {@link RewardFunction},
 * {@link ProblemType}, {@link PayloadType}). Each declares one constant per stored code, in code order from 0, and
 * {@code UNRECOGNIZED} last; enums cannot share a superclass, so they call these.
 */
final class SchemaEnums {
  private SchemaEnums() {}

  /**
   * The constant for a stored code: {@code values[code]}, or the last constant ({@code UNRECOGNIZED}) when out of
   * range. An array lookup: the enums pass a cached {@code values()}, as decoding calls this for every field read.
   */
  static <E extends Enum<E>> E of(E[] values, int code) {
    return code >= 0 && code < values.length - 1 ? values[code] : values[values.length - 1];
  }

  /**
   * The stored code of a constant: its ordinal, or -1 for the last constant ({@code UNRECOGNIZED}); the inverse of
   * {@link #of}.
   */
  static <E extends Enum<E>> int code(E constant, E[] values) {
    return constant.ordinal() == values.length - 1 ? -1 : constant.ordinal();
  }

  /**
   * The constant of {@code accepted} whose schema name equals {@code value}, ASCII case-insensitively, as VW parses its
   * command-line options.
   *
   * @param what the option's value in words, for the message ({@code "learning mode"})
   * @throws IllegalArgumentException naming {@code value} and the accepted names, in lower case, for any other value
   */
  static <E extends Enum<E>> E parse(E[] accepted, Function<E, String> schemaName, String what, String value) {
    for (E e : accepted) {
      if (schemaName.apply(e).equalsIgnoreCase(value)) {
        return e;
      }
    }
    StringBuilder expected = new StringBuilder();
    for (int i = 0; i < accepted.length; i++) {
      expected.append(i == 0 ? "" : i == accepted.length - 1 ? " or " : ", ")
          .append(schemaName.apply(accepted[i]).toLowerCase(Locale.ROOT));
    }
    throw new IllegalArgumentException("Invalid " + what + " '" + value + "': expected " + expected);
  }
}
