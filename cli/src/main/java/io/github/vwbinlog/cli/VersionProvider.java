package io.github.vwbinlog.cli;

import picocli.CommandLine;

/** {@code --version}: the implementation version from the jar manifest. */
final class VersionProvider implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    String version = Main.class.getPackage().getImplementationVersion();
    return new String[] {"vw-binlog " + (version == null ? "(development build)" : version),
        "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"};
  }
}
