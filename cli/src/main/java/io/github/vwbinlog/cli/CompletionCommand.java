package io.github.vwbinlog.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code completion}: prints a bash and zsh completion script for the command line. */
@Command(
    name = "completion",
    header = "Prints a bash and zsh completion script.",
    mixinStandardHelpOptions = true,
    description = {
        "Prints a completion script for bash and zsh. The script completes a command named vw-binlog (or the "
            + "--name given), so put a link of that name to the launcher on the PATH, for example:",
        "  ln -s /path/to/cli/target/vw-binlog ~/bin/vw-binlog",
        "then, in bash: source <(vw-binlog completion)",
        "in zsh: autoload -U +X compinit && compinit; autoload -U +X bashcompinit && bashcompinit; "
            + "source <(vw-binlog completion)"})
final class CompletionCommand implements Callable<Integer> {

  @ParentCommand
  Main main;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--name", paramLabel = "NAME", defaultValue = "vw-binlog",
      description = "the command name to complete (default: ${DEFAULT-VALUE})")
  String name;

  @Override
  public Integer call() {
    // picocli's generator walks the whole command tree, this command included, and writes one script that bash
    // runs directly and zsh runs through bashcompinit.
    String script = AutoComplete.bash(name, spec.root().commandLine());
    main.io().out().print(script);
    main.io().out().flush();
    return 0;
  }
}
