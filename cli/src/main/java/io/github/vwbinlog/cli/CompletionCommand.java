package io.github.vwbinlog.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** {@code completion}: prints a bash and zsh completion script for the command line. */
final class CompletionCommand implements Callable<Integer> {

  private final CommandSpec spec = Specs.command(this, "completion",
      "Prints a bash and zsh completion script.",
      new String[] {
          "Prints a completion script for bash and zsh. The script completes a command named vw-binlog (or the "
              + "--name given), so put a link of that name to the launcher on the PATH, for example:",
          "  ln -s /path/to/cli/target/vw-binlog ~/bin/vw-binlog",
          "then, in bash: source <(vw-binlog completion)",
          "in zsh: autoload -U +X compinit && compinit; autoload -U +X bashcompinit && bashcompinit; "
              + "source <(vw-binlog completion)"});

  private final Io io;
  String name = "vw-binlog";

  CompletionCommand(Io io) {
    this.io = io;
    spec.addOption(Specs.bind(OptionSpec.builder("--name").paramLabel("NAME").type(String.class)
        .defaultValue("vw-binlog").description("the command name to complete (default: ${DEFAULT-VALUE})"),
        () -> name, v -> name = v));
  }

  /** The model picocli parses this command's arguments with. */
  CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    // picocli's generator walks the whole command tree, this command included, and writes one script that bash
    // runs directly and zsh runs through bashcompinit.
    String script = AutoComplete.bash(name, spec.root().commandLine());
    io.out().print(script);
    io.out().flush();
    return 0;
  }
}
