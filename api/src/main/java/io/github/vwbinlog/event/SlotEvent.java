package io.github.vwbinlog.event;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One slot of a CCB or slates decision ({@code SlotEvent}).
 *
 * <pre>{@code
 * SlotEvent slot = SlotEvent.of("slot_0", List.of(0L, 1L), List.of(1f, 0f));
 * }</pre>
 *
 * @param actionIds the action ids (unsigned 32-bit), the chosen one first
 * @param probabilities their probabilities
 * @param id the slot id, or null when absent (VW then uses the event id)
 */
public record SlotEvent(List<Long> actionIds, List<Float> probabilities, @Nullable String id) {

  /** Copies the lists. */
  public SlotEvent {
    actionIds = List.copyOf(actionIds);
    probabilities = List.copyOf(probabilities);
  }

  /** A slot with an id (null for none). */
  public static SlotEvent of(@Nullable String id, List<Long> actionIds, List<Float> probabilities) {
    return new SlotEvent(actionIds, probabilities, id);
  }
}
