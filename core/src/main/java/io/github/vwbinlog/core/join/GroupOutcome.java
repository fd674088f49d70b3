package io.github.vwbinlog.core.join;

import io.github.vwbinlog.join.JoinResult;
import org.jspecify.annotations.Nullable;

/**
 * What {@link GroupJoin#join} made of the events of one id: the joined event, if one was emitted, and the interaction
 * counts the joiner needs for its invariant <em>interactions seen = joined events emitted + skipped</em> (SPEC §0
 * item 4). Every skipped interaction was reported to the listener with exactly one reason.
 *
 * <pre>{@code
 * GroupOutcome g = join.join(events, offset, id);
 * assert g.interactions() == g.skipped() + (g.result() == null ? 0 : 1);
 * }</pre>
 *
 * @param result the joined event, or null when nothing is emitted for the id
 * @param interactions the interactions among the events (every event that is not an outcome)
 * @param skipped the interactions that were not emitted: rejected ones (type or learning-mode mismatch, unsupported,
 *     duplicate) and an accepted one that was then skipped (invalidated by a bad outcome, no CB actions, CCB baseline
 *     size mismatch)
 */
public record GroupOutcome(@Nullable JoinResult result, int interactions, int skipped) {

  /** Checks the invariant. */
  public GroupOutcome {
    if (interactions != skipped + (result == null ? 0 : 1)) {
      throw new IllegalArgumentException(
          "interactions (" + interactions + ") != skipped (" + skipped + ") + emitted (" + (result == null ? 0 : 1)
              + ")");
    }
  }

  /** Whether a joined event is emitted. */
  public boolean emitted() {
    return result != null;
  }
}
