package io.github.vwbinlog.core.event;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Whether the checks of {@link JsonSyntax} and {@link Utf8} classify bytes a vector at a time or one at a time, chosen
 * once per JVM: the vector path when the module {@code jdk.incubator.vector} is in the boot layer (the JVM was started
 * with {@code --add-modules jdk.incubator.vector}, as the CLI's launcher does) and its vectors hold at least 16 bytes;
 * the scalar path otherwise. Both give the same answers on every input (VectorScanTest). The library does not require
 * the module: its vector code, {@code VectorScan}, is compiled apart and reached here through method handles looked up
 * by name, only after the check; core's module, which does not declare the module, is made to read it here. The
 * handles are constants, so the JIT inlines the calls as if they were direct. Without the module nothing is looked up
 * or built (a method handle built at start-up costs the JVM classes it spins, in every run of the CLI), and the three
 * methods refuse to run.
 *
 * <pre>{@code
 * if (VectorSupport.ENABLED) j = VectorSupport.stringStop(a, j, to);   // then byte by byte from j
 * }</pre>
 */
final class VectorSupport {
  /** The module of the Vector API, incubating in JDK 17 to 25. */
  static final String MODULE = "jdk.incubator.vector";

  private static final @Nullable Handles HANDLES = load();
  private static final @Nullable MethodHandle STRING_STOP = HANDLES == null ? null : HANDLES.stringStop();
  private static final @Nullable MethodHandle WHITESPACE = HANDLES == null ? null : HANDLES.whitespace();
  private static final @Nullable MethodHandle NON_ASCII = HANDLES == null ? null : HANDLES.nonAscii();

  /** Whether the vector path is on, for the life of the JVM. */
  static final boolean ENABLED = HANDLES != null;

  private VectorSupport() {}

  /**
   * The first index from {@code i} of a byte that ends plain string content ({@code '"'}, {@code '\\'}, a control
   * character, a non-ASCII byte), or the first index from which fewer than a vector of bytes remain before {@code to}.
   * Only when {@link #ENABLED}, as the other two.
   */
  static int stringStop(byte[] a, int i, int to) {
    if (STRING_STOP == null) {
      throw off();
    }
    try {
      return (int) STRING_STOP.invokeExact(a, i, to);
    } catch (Throwable e) {
      throw rethrow(e);
    }
  }

  /**
   * The first index from {@code i} of a byte other than a space, tab, carriage return or newline, or the first index
   * from which fewer than a vector of bytes remain; with {@code fix}, the newlines before it turned into spaces.
   */
  static int whitespace(byte[] a, int i, int to, boolean fix) {
    if (WHITESPACE == null) {
      throw off();
    }
    try {
      return (int) WHITESPACE.invokeExact(a, i, to, fix);
    } catch (Throwable e) {
      throw rethrow(e);
    }
  }

  /** The first index from {@code i} of a non-ASCII byte, or the first from which fewer than a vector remain. */
  static int nonAscii(byte[] a, int i, int to) {
    if (NON_ASCII == null) {
      throw off();
    }
    try {
      return (int) NON_ASCII.invokeExact(a, i, to);
    } catch (Throwable e) {
      throw rethrow(e);
    }
  }

  private static IllegalStateException off() {
    return new IllegalStateException("the vector path needs " + MODULE + " in the boot layer");
  }

  private static RuntimeException rethrow(Throwable e) {
    if (e instanceof RuntimeException r) {
      throw r;
    }
    if (e instanceof Error r) {
      throw r;
    }
    throw new IllegalStateException(e);
  }

  /** The handles of VectorScan's methods. */
  private record Handles(MethodHandle stringStop, MethodHandle whitespace, MethodHandle nonAscii) {}

  /** VectorScan's handles, or null for the scalar path. */
  private static @Nullable Handles load() {
    MethodType ints = MethodType.methodType(int.class, byte[].class, int.class, int.class);
    MethodType fixing = ints.appendParameterTypes(boolean.class);
    Optional<Module> vector = ModuleLayer.boot().findModule(MODULE);
    if (vector.isPresent()) {
      // A named core module reads only what its descriptor requires; the unnamed module of the class path reads all.
      VectorSupport.class.getModule().addReads(vector.get());
      try {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        Class<?> scan = Class.forName(VectorSupport.class.getPackageName() + ".VectorScan");
        if ((int) lookup.findStaticGetter(scan, "WIDTH", int.class).invoke() >= 16) {
          return new Handles(lookup.findStatic(scan, "stringStop", ints), lookup.findStatic(scan, "whitespace", fixing),
              lookup.findStatic(scan, "nonAscii", ints));
        }
      } catch (Throwable e) { // what the handle's invoke declares; in practice a ReflectiveOperationException or a LinkageError
        // VectorScan absent (a build without it) or a JDK whose incubating API lacks what it uses: the scalar path,
        // which gives the same answers.
      }
    }
    return null;
  }
}
