package io.github.vwbinlog.core.join;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The output order of the steps of a multistep batch (SPEC §7.2): each step id is a root when its previous id is absent
 * or empty, else a child of its previous id; every sibling set, the roots included, is sorted by (effective time in
 * whole seconds, step id as unsigned bytes); the order is a pre-order depth-first walk. Steps that no root reaches
 * (their previous step is missing, they are in a cycle, they name themselves, or they descend from such a step) are
 * never emitted: they are returned as orphans, with the reason.
 *
 * <pre>{@code
 * StepOrder.Result r = StepOrder.of(List.of(new StepOrder.Node("1", null, 0), new StepOrder.Node("2", "1", 0)));
 * r.order();   // [1, 2]
 * }</pre>
 */
final class StepOrder {
  private StepOrder() {}

  /**
   * What the order needs to know of a step id: its first stored interaction's previous id and effective time.
   *
   * @param id the step id
   * @param previousId the previous step id; null or empty for a root
   * @param epochSecond the effective time in whole seconds (SPEC §5)
   */
  record Node(String id, @Nullable String previousId, long epochSecond) {}

  /** A step id that is never emitted, and why, in words for a diagnostic. */
  record Orphan(String id, String why) {}

  /**
   * The order and the orphans.
   *
   * @param order the step ids in output order
   * @param orphans the other step ids, in input order
   */
  record Result(List<String> order, List<Orphan> orphans) {}

  /** A node with its sort key and children. */
  private static final class Entry {
    final Node node;
    final byte[] key;
    final List<Entry> children = new ArrayList<>(1);

    Entry(Node node) {
      this.node = node;
      this.key = node.id().getBytes(StandardCharsets.UTF_8);
    }

    boolean root() {
      return node.previousId() == null || node.previousId().isEmpty();
    }
  }

  /** VW compares std::string ids, whose order is that of unsigned bytes; Java's UTF-16 order differs past U+D7FF. */
  private static final Comparator<Entry> SIBLINGS = Comparator.<Entry>comparingLong(e -> e.node.epochSecond())
      .thenComparing((a, b) -> Arrays.compareUnsigned(a.key, b.key));

  /**
   * Orders the steps of a batch.
   *
   * @param nodes one node per distinct step id
   */
  static Result of(List<Node> nodes) {
    Map<String, Entry> byId = new LinkedHashMap<>();
    for (Node n : nodes) {
      if (byId.put(n.id(), new Entry(n)) != null) {
        throw new IllegalArgumentException("step id '" + n.id() + "' is given twice");
      }
    }
    List<Entry> roots = new ArrayList<>();
    for (Entry e : byId.values()) {
      if (e.root()) {
        roots.add(e);
      } else {
        Entry parent = byId.get(e.node.previousId());
        if (parent != null) {
          parent.children.add(e);
        }
      }
    }
    // Every step has at most one parent, so the walk from the roots is over a forest: it visits each step once and
    // never enters a cycle (a step in a cycle has its parent in the cycle, so no root reaches it). Iterative, so a long
    // episode cannot overflow the stack.
    List<String> order = new ArrayList<>(byId.size());
    ArrayDeque<Entry> stack = new ArrayDeque<>();
    pushSorted(stack, roots);
    while (!stack.isEmpty()) {
      Entry e = stack.pop();
      order.add(e.node.id());
      pushSorted(stack, e.children);
    }
    return new Result(order, orphans(byId, order.size()));
  }

  /** Pushes so that the smallest is popped first. */
  private static void pushSorted(ArrayDeque<Entry> stack, List<Entry> siblings) {
    siblings.sort(SIBLINGS);
    for (int i = siblings.size() - 1; i >= 0; i--) {
      stack.push(siblings.get(i));
    }
  }

  /**
   * Why a step is not reached: {@code anchor} is the step where its chain of previous ids goes wrong, and
   * {@code detail} completes "step anchor ..." (e.g. "is in a cycle of previous steps").
   */
  private record Cause(String anchor, String detail) {
    String why(String id) {
      return id.equals(anchor) ? "it " + detail : "it descends from step '" + anchor + "', which " + detail;
    }
  }

  /**
   * Why each step that the walk did not reach is unreachable: the chain of previous ids from it ends at a missing step
   * or loops. Each step is classified once (memoised along the chain), so this is linear in the number of steps.
   */
  private static List<Orphan> orphans(Map<String, Entry> byId, int reached) {
    if (reached == byId.size()) {
      return List.of();
    }
    Map<String, Boolean> reachable = new HashMap<>();
    for (Entry e : byId.values()) {
      if (e.root()) {
        markReachable(e, reachable);
      }
    }
    Map<String, Cause> causes = new HashMap<>();
    List<Orphan> orphans = new ArrayList<>();
    for (Entry e : byId.values()) {
      String id = e.node.id();
      if (reachable.containsKey(id)) {
        continue;
      }
      if (!causes.containsKey(id)) {
        classify(e, byId, causes);
      }
      orphans.add(new Orphan(id, causes.get(id).why(id)));
    }
    return orphans;
  }

  private static void markReachable(Entry root, Map<String, Boolean> reachable) {
    ArrayDeque<Entry> stack = new ArrayDeque<>();
    stack.push(root);
    while (!stack.isEmpty()) {
      Entry e = stack.pop();
      reachable.put(e.node.id(), Boolean.TRUE);
      e.children.forEach(stack::push);
    }
  }

  /**
   * Walks up the previous ids from {@code start} (which no root reaches, so neither does any step on the way) until a
   * missing step, an already classified step, or a step already on the path (a cycle); then classifies the path.
   */
  private static void classify(Entry start, Map<String, Entry> byId, Map<String, Cause> causes) {
    List<String> path = new ArrayList<>();
    Map<String, Integer> onPath = new HashMap<>();
    Entry e = start;
    while (true) {
      String id = e.node.id();
      onPath.put(id, path.size());
      path.add(id);
      String previous = e.node.previousId();
      Entry parent = byId.get(previous);
      if (parent == null) {
        setAll(causes, path, 0, path.size(), new Cause(id, "names previous step '" + previous
            + "', which is not in the batch"));
        return;
      }
      Cause known = causes.get(previous);
      if (known != null) {
        setAll(causes, path, 0, path.size(), known);
        return;
      }
      Integer loop = onPath.get(previous);
      if (loop != null) {
        // path[loop..] is the cycle: each of its steps is its own anchor; the steps before it descend from its entry.
        for (int i = loop; i < path.size(); i++) {
          causes.put(path.get(i), new Cause(path.get(i), path.size() - loop == 1
              ? "names itself as its previous step" : "is in a cycle of previous steps"));
        }
        setAll(causes, path, 0, loop, causes.get(previous));
        return;
      }
      e = parent;
    }
  }

  private static void setAll(Map<String, Cause> causes, List<String> path, int from, int to, Cause cause) {
    for (int i = from; i < to; i++) {
      causes.put(path.get(i), cause);
    }
  }
}
