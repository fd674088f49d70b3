package io.github.vwbinlog.core.join;

import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The per-slot part of CCB rewards (SPEC §6.3 steps 2 to 5, §6.4): maps outcomes to slots by numeric index or by slot
 * id, and computes one original and one final reward per slot. The apprentice slot/baseline size check (step 1) is
 * the caller's, since it skips the whole joined event.
 */
final class CcbRewards {

  /**
   * The outcomes and rewards of each slot.
   *
   * @param outcomes for each slot, its outcomes in list order (VW's {@code outcomes_map[i]}, activations included)
   * @param original for each slot, the reward function's value, or D for a slot without outcomes
   * @param rewards for each slot, the final reward
   */
  record Slots(List<List<JoinedEvent>> outcomes, List<Float> original, List<Float> rewards) {}

  private CcbRewards() {}

  /**
   * Maps {@code outcomes} (the joined outcomes, in list order) to the slots of {@code ccb} and computes the rewards.
   *
   * @param apprentice whether the interaction is in apprentice mode; then the slot and baseline counts are equal
   * @param unmatched receives each literal slot id that names no slot (the outcome is then ignored)
   */
  static Slots compute(MultiSlotEvent ccb, List<JoinedEvent> outcomes, OutcomeRewards rewards, boolean apprentice,
      Consumer<String> unmatched) {
    List<SlotEvent> slots = ccb.slots();
    int n = slots.size();
    Map<String, Integer> slotIds = slotIdMap(slots);

    List<List<JoinedEvent>> perSlot = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      perSlot.add(new ArrayList<>());
    }
    for (JoinedEvent e : outcomes) {
      int index = slotIndex((OutcomeEvent) e.event().payload(), slotIds, unmatched);
      // -1 is "no index". VW also files other out-of-range indexes (5, -2) under their number, but never reads them,
      // so they belong to no slot here.
      if (index >= 0 && index < n) {
        perSlot.get(index).add(e);
      }
    }

    Float[] original = new Float[n];
    Float[] rewardsOut = new Float[n];
    for (int i = 0; i < n; i++) {
      List<JoinedEvent> slotOutcomes = perSlot.get(i);
      float r = slotOutcomes.isEmpty() ? rewards.defaultReward() : rewards.of(slotOutcomes);
      original[i] = r;
      rewardsOut[i] = apprentice ? apprenticeReward(slots.get(i), ccb.baselineActions().get(i)) : r;
    }
    return new Slots(perSlot, Arrays.asList(original), Arrays.asList(rewardsOut));
  }

  /**
   * The slot-id map: each slot that has an id, by position; the first of equal ids wins (SPEC §4.6). Empty (and not
   * allocated) when no slot has an id.
   */
  private static Map<String, Integer> slotIdMap(List<SlotEvent> slots) {
    Map<String, Integer> map = Map.of();
    for (int i = 0; i < slots.size(); i++) {
      String id = slots.get(i).id();
      if (id != null) {
        if (map.isEmpty()) {
          map = new HashMap<>();
        }
        map.putIfAbsent(id, i);
      }
    }
    return map;
  }

  /**
   * The slot an outcome is for, or -1 (SPEC §6.3 step 2): a numeric index as is; a non-empty literal index through the
   * slot-id map, but only when the map is non-empty (otherwise, or when empty, the literal is dropped silently).
   */
  private static int slotIndex(OutcomeEvent o, Map<String, Integer> slotIds, Consumer<String> unmatched) {
    switch (o.indexKind()) {
      case NUMERIC:
        return o.numericIndex();
      case LITERAL:
        String text = o.literalIndex();
        if (slotIds.isEmpty() || text == null || text.isEmpty()) {
          return -1;
        }
        Integer slot = slotIds.get(text);
        if (slot == null) {
          unmatched.accept(text);
          return -1;
        }
        return slot;
      default:
        return -1;
    }
  }

  /**
   * 1 when the slot chose its baseline action, else 0 (SPEC §6.4). Slot action ids are u32 and baseline actions are
   * i32 read as u32, so the low 32 bits are compared.
   */
  private static float apprenticeReward(SlotEvent slot, int baseline) {
    List<Long> actions = slot.actionIds();
    return actions.isEmpty() ? apprenticeReward(false, 0, baseline) : apprenticeReward(true, actions.get(0), baseline);
  }

  /** {@link #apprenticeReward(SlotEvent, int)} of a slot's first action, if it has one. */
  static float apprenticeReward(boolean hasAction, long firstAction, int baseline) {
    return hasAction && (int) firstAction == baseline ? 1f : 0f;
  }
}
