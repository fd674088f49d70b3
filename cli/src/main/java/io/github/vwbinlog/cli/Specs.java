package io.github.vwbinlog.cli;

import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * picocli's models of the commands, built in code. picocli can read a model from annotations, but in a fresh JVM that
 * cost about 75 ms of every run: the JDK generates a proxy class for each annotation type read (ten of them, which no
 * start-up cache holds), and picocli reads and writes the fields by reflection. The same model built in code costs
 * 10-20 ms, and says the same: the same help, completion script, parsing and errors (docs/PERFORMANCE.md, "picocli's
 * model in code").
 *
 * <p>Each command builds its {@link CommandSpec} in its constructor: {@link #command} with its help texts, then an
 * option or parameter per field, each {@link #bind bound} to its field, so that picocli writes the fields when it
 * parses, as it would through annotations. The field's value when the model is built is the option's initial value
 * (what picocli resets it to before parsing, and its {@code ${DEFAULT-VALUE}} when it has no default value).
 * {@link Main} adds {@link #withStandardHelpOptions the help options} last, as picocli's mixin did. picocli runs these
 * models without looking at annotations, so a picocli annotation in this package would be ignored: a test checks that
 * there is none.
 */
final class Specs {
  private Specs() {}

  /**
   * The model of a command, without options yet.
   *
   * @param command the command object that picocli runs ({@code Callable} or {@code Runnable})
   * @param header the first line of its help, or null for none
   * @param exitCodes the exit codes, each {@code "CODE:meaning"}
   */
  static CommandSpec command(Object command, String name, @Nullable String header, String[] description,
      String... exitCodes) {
    CommandSpec spec = CommandSpec.wrapWithoutInspection(command);
    spec.name(name);
    UsageMessageSpec usage = spec.usageMessage();
    if (header != null) {
      usage.header(header);
    }
    usage.description(description);
    if (exitCodes.length > 0) {
      usage.exitCodeListHeading("%nExit codes:%n").exitCodeList(UsageMessageSpec.keyValuesMap(exitCodes));
    }
    return spec;
  }

  /**
   * Adds {@code -h, --help} and {@code -V, --version} to a command, after its own options, as picocli's
   * {@code mixinStandardHelpOptions} does (the completion script lists the options in the order they were added).
   */
  static CommandSpec withStandardHelpOptions(CommandSpec spec) {
    spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
        .description("Show this help message and exit.").build());
    spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
        .description("Print version information and exit.").build());
    return spec;
  }

  /** An option bound to a field: picocli reads it with {@code get} and writes it with {@code set}. */
  static <T> OptionSpec bind(OptionSpec.Builder option, Supplier<@Nullable T> get, Consumer<@Nullable T> set) {
    Field<T> field = new Field<>(get, set);
    return option.getter(field).setter(field).initialValue(get.get()).hasInitialValue(true).build();
  }

  /** A positional parameter bound to a field, as {@link #bind(OptionSpec.Builder, Supplier, Consumer)}. */
  static <T> PositionalParamSpec bind(PositionalParamSpec.Builder parameter, Supplier<@Nullable T> get,
      Consumer<@Nullable T> set) {
    Field<T> field = new Field<>(get, set);
    return parameter.getter(field).setter(field).initialValue(get.get()).hasInitialValue(true).build();
  }

  /** A field of a command, as picocli's getter and setter (which are generic methods, so not lambdas). */
  private static final class Field<T> implements IGetter, ISetter {
    private final Supplier<@Nullable T> get;
    private final Consumer<@Nullable T> set;

    Field(Supplier<@Nullable T> get, Consumer<@Nullable T> set) {
      this.get = get;
      this.set = set;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V> V get() {
      return (V) get.get();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V> V set(V value) {
      V previous = (V) get.get();
      set.accept((T) value);
      return previous;
    }
  }
}
