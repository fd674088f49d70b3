package io.github.vwbinlog.core.logjoin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class BackgroundThreadTest {
  @Test
  void runsTasksInTheOrderHandedOverOnOneNamedThread() throws IOException {
    List<String> seen = new ArrayList<>();
    try (BackgroundThread thread = new BackgroundThread("test-background")) {
      List<Future<?>> tasks = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        int k = i;
        tasks.add(thread.submit(() -> seen.add(k + " " + Thread.currentThread().getName())));
      }
      for (Future<?> task : tasks) {
        BackgroundThread.await(task, "a task");
      }
    }
    assertThat(seen).hasSize(100);
    for (int i = 0; i < 100; i++) {
      assertThat(seen.get(i)).isEqualTo(i + " test-background");
    }
  }

  @Test
  void throwsAnIoFailureAsItself() {
    IOException failure = new IOException("disk full");
    try (BackgroundThread thread = new BackgroundThread("test-background")) {
      Future<?> task = thread.submit(() -> {
        throw new UncheckedIOException(failure);
      });
      assertThatThrownBy(() -> BackgroundThread.await(task, "writing")).isSameAs(failure);
    }
  }

  @Test
  void throwsAnUncheckedFailureAsItself() {
    IllegalStateException failure = new IllegalStateException("broken");
    try (BackgroundThread thread = new BackgroundThread("test-background")) {
      Future<?> task = thread.submit(() -> {
        throw failure;
      });
      assertThatThrownBy(() -> BackgroundThread.await(task, "writing")).isSameAs(failure);
    }
  }

  @Test
  void wrapsACheckedFailureNamingWhatFailed() {
    CompletableFuture<Void> task = CompletableFuture.failedFuture(new Exception("odd"));
    assertThatThrownBy(() -> BackgroundThread.await(task, "forcing the output to disk"))
        .isInstanceOf(IOException.class)
        .hasMessage("forcing the output to disk")
        .hasRootCauseMessage("odd");
  }

  @Test
  void waitsThroughAnInterruptAndKeepsIt() throws IOException {
    CompletableFuture<Void> task = new CompletableFuture<>();
    Thread.currentThread().interrupt();
    CompletableFuture.runAsync(() -> task.complete(null));
    try {
      BackgroundThread.await(task, "a task");
      assertThat(task).isDone();
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }
}
