package io.github.vwbinlog.core.join;

import static io.github.vwbinlog.core.flatbuf.LittleEndian.f32;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i32;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i64;
import static io.github.vwbinlog.core.join.FlatReads.element;
import static io.github.vwbinlog.core.join.FlatReads.field;
import static io.github.vwbinlog.core.join.FlatReads.floatField;
import static io.github.vwbinlog.core.join.FlatReads.sameBytes;
import static io.github.vwbinlog.core.join.MessageScan.KIND_LITERAL;
import static io.github.vwbinlog.core.join.MessageScan.KIND_NUMERIC;
import static io.github.vwbinlog.core.join.MessageScan.NONE;
import static io.github.vwbinlog.core.join.MessageScan.TYPES;
import static io.github.vwbinlog.core.text.DsjsonFragments.A_OPEN;
import static io.github.vwbinlog.core.text.DsjsonFragments.BASELINE_OPEN;
import static io.github.vwbinlog.core.text.DsjsonFragments.C;
import static io.github.vwbinlog.core.text.DsjsonFragments.CA_ACTION;
import static io.github.vwbinlog.core.text.DsjsonFragments.CA_COST;
import static io.github.vwbinlog.core.text.DsjsonFragments.CA_PDF_VALUE;
import static io.github.vwbinlog.core.text.DsjsonFragments.CB_LABEL_ACTION;
import static io.github.vwbinlog.core.text.DsjsonFragments.CB_LABEL_COST;
import static io.github.vwbinlog.core.text.DsjsonFragments.CB_LABEL_INDEX;
import static io.github.vwbinlog.core.text.DsjsonFragments.CB_LABEL_PROBABILITY;
import static io.github.vwbinlog.core.text.DsjsonFragments.EVENT_ID;
import static io.github.vwbinlog.core.text.DsjsonFragments.FIRST_TIMESTAMP;
import static io.github.vwbinlog.core.text.DsjsonFragments.LABEL_COST;
import static io.github.vwbinlog.core.text.DsjsonFragments.LINE_END;
import static io.github.vwbinlog.core.text.DsjsonFragments.OUTCOME_ACTION_TAKEN;
import static io.github.vwbinlog.core.text.DsjsonFragments.OUTCOME_EVENT_ID_FIRST;
import static io.github.vwbinlog.core.text.DsjsonFragments.OUTCOME_INDEX;
import static io.github.vwbinlog.core.text.DsjsonFragments.OUTCOME_V;
import static io.github.vwbinlog.core.text.DsjsonFragments.O_OPEN;
import static io.github.vwbinlog.core.text.DsjsonFragments.ORIGINAL_LABEL_COST;
import static io.github.vwbinlog.core.text.DsjsonFragments.PDROP;
import static io.github.vwbinlog.core.text.DsjsonFragments.P_OPEN;
import static io.github.vwbinlog.core.text.DsjsonFragments.SKIP_LEARN;
import static io.github.vwbinlog.core.text.DsjsonFragments.SLATES_SLOT_A_OPEN;
import static io.github.vwbinlog.core.text.DsjsonFragments.SLOTS_OPEN;
import static io.github.vwbinlog.core.text.DsjsonFragments.SLOT_A_OPEN;
import static io.github.vwbinlog.core.text.DsjsonFragments.SLOT_ID;
import static io.github.vwbinlog.core.text.DsjsonFragments.SLOT_LABEL_COST;
import static io.github.vwbinlog.core.text.DsjsonFragments.SLOT_O_OPEN;
import static io.github.vwbinlog.core.text.DsjsonFragments.SLOT_P_OPEN;
import static io.github.vwbinlog.core.text.DsjsonFragments.TIMESTAMP;
import static io.github.vwbinlog.core.text.DsjsonFragments.VERSION;
import static io.github.vwbinlog.core.text.DsjsonFragments.VW_STATE;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.JsonSyntax;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.core.text.TimeText;
import io.github.vwbinlog.schema.Slots;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Step 2 of the conversion fast path ({@link FastSingleJoiner}): joins each group of events that {@link MessageScan}
 * recorded and writes its DSJSON line straight from the input bytes into the output buffer, with no event records, no
 * strings and no boxed numbers. Contexts and ids are copied byte for byte from the payload; numbers are formatted into
 * the output by the same Grisu2 code as the record path's. The arithmetic is the record path's too: rewards through
 * {@link OutcomeRewards} and {@link RewardFunctions}, apprentice rewards through {@link CcbRewards}, and the line
 * fragments through {@code DsjsonFragments}.
 *
 * <p>A group the record path would report anything about (outcomes before their interaction, a second interaction,
 * an unmatched slot id, a context that is not one JSON object, a number that is not finite, ...) makes {@link #write}
 * fail with the output truncated back. For each line written it notes what the commit counts ({@link #emittedCount}
 * and the {@code emitted} arrays).
 *
 * <p>Not thread-safe: one per {@link FastSingleJoiner}.
 */
final class GroupLineWriter {
  private static final long U32 = 0xFFFF_FFFFL;
  private static final byte[] NO_MODEL = "\"N/A\"".getBytes(StandardCharsets.US_ASCII);

  private final MessageScan scan;
  private final ReadLimits limits;
  /** Lines for training (JoinFeature.FOR_TRAINING): only the record path writes what differs from the default. */
  private final boolean forTraining;

  // The configuration in force.
  private CheckpointInfo effective;
  private OutcomeRewards rewards;

  // The lines written for the message, for the commit: the interaction, and the figures the metrics count.
  int emittedCount;
  int[] emittedEvent = new int[16];
  boolean[] emittedLearnable = new boolean[16];
  float[] emittedSumOriginal = new float[16];
  float[] emittedFirstOriginal = new float[16];
  int[] emittedComparison = new int[16];
  boolean[] emittedFirstActionIsOne = new boolean[16];

  // Per line: the rewards of each slot, and each outcome's slot.
  private float[] slotFinal = new float[8];
  private float[] slotOriginal = new float[8];
  private int[] outcomeSlot = new int[16];
  private int[] groupEvents = new int[16];

  // The formatted time of the previous line.
  private boolean timeCached;
  private long cachedSecond;
  private final byte[] cachedTime = new byte[29];
  private int cachedTimeLength;

  GroupLineWriter(MessageScan scan, ReadLimits limits, boolean forTraining) {
    this.scan = scan;
    this.limits = limits;
    this.forTraining = forTraining;
  }

  /** Takes the settings in force. */
  void configure(CheckpointInfo now) {
    effective = now;
    rewards = new OutcomeRewards(now, 16);
  }

  /**
   * Joins every group of the scanned message and appends its lines to {@code out}.
   *
   * @return false, with {@code out} truncated back, when the record path must convert the message
   */
  boolean write(JsonBytes out) {
    emittedCount = 0;
    int mark = out.length();
    for (int g = 0; g < scan.groupCount; g++) {
      if (!group(scan.groupHead[g], out)) {
        out.truncate(mark);
        return false;
      }
    }
    return true;
  }

  /** Joins the group starting at event {@code head} and writes its line; false if the record path must decide. */
  private boolean group(int head, JsonBytes out) {
    MessageScan m = scan;
    int interaction = head;
    PayloadType t = TYPES[m.type[interaction]];
    if (t == PayloadType.OUTCOME) {
      return false; // outcomes before the interaction, or no interaction
    }
    if (forTraining && m.pass[interaction] != 1f) {
      return false; // pdrop changes a line for training (DsjsonWriter); with pass 1, p[0] * 1 is p[0]
    }
    int n = 0;
    boolean useClient = effective.useClientTime();
    if (useClient && !m.hasClientTime[interaction]) {
      return false;
    }
    boolean activated = false;
    for (int e = m.next[head]; e != NONE; e = m.next[e]) {
      if (m.type[e] != PayloadType.OUTCOME.ordinal()) {
        return false; // a second interaction
      }
      if (useClient && !m.hasClientTime[e]) {
        return false;
      }
      if (n == groupEvents.length) {
        groupEvents = Arrays.copyOf(groupEvents, n * 2);
        outcomeSlot = Arrays.copyOf(outcomeSlot, n * 2);
      }
      groupEvents[n++] = e;
      activated |= m.taken[e];
    }
    boolean learnable = !m.deferred[interaction] || activated;
    int mark = out.length();
    boolean ok = switch (t) {
      case CB -> cb(interaction, n, learnable, out);
      case CCB -> ccb(interaction, n, learnable, out);
      case SLATES -> slates(interaction, n, learnable, out);
      default -> ca(interaction, n, learnable, out);
    };
    if (!ok) {
      out.truncate(mark);
    }
    return ok;
  }

  /** The reward function over the group's outcomes {@code groupEvents[0, n)} that are mapped to {@code slot}. */
  private float reward(int n, int slot) {
    MessageScan m = scan;
    OutcomeRewards r = rewards;
    r.begin();
    for (int k = 0; k < n; k++) {
      if (slot < 0 || outcomeSlot[k] == slot) {
        int e = groupEvents[k];
        r.add(m.taken[e], m.value[e], m.second[e]);
      }
    }
    return r.finish();
  }

  private void emitted(int interaction, boolean learnable, float sumOriginal, float firstOriginal, int comparison,
      boolean firstActionIsOne) {
    int k = emittedCount++;
    if (k == emittedEvent.length) {
      int m = k * 2;
      emittedEvent = Arrays.copyOf(emittedEvent, m);
      emittedLearnable = Arrays.copyOf(emittedLearnable, m);
      emittedSumOriginal = Arrays.copyOf(emittedSumOriginal, m);
      emittedFirstOriginal = Arrays.copyOf(emittedFirstOriginal, m);
      emittedComparison = Arrays.copyOf(emittedComparison, m);
      emittedFirstActionIsOne = Arrays.copyOf(emittedFirstActionIsOne, m);
    }
    emittedEvent[k] = interaction;
    emittedLearnable[k] = learnable;
    emittedSumOriginal[k] = sumOriginal;
    emittedFirstOriginal[k] = firstOriginal;
    emittedComparison[k] = comparison;
    emittedFirstActionIsOne[k] = firstActionIsOne;
  }

  private boolean cb(int i, int n, boolean learnable, JsonBytes out) {
    MessageScan m = scan;
    byte[] p = m.bufs[i];
    int root = m.table[i];
    int actionsField = field(p, root, Slots.CbEvent.ACTION_IDS);
    int actions = actionsField + i32(p, actionsField);
    int actionCount = i32(p, actions);
    if (actionCount == 0) {
      return false;
    }
    int probabilitiesField = field(p, root, Slots.CbEvent.PROBABILITIES);
    int probabilities = probabilitiesField + i32(p, probabilitiesField);
    int probabilityCount = i32(p, probabilities);
    if (forTraining && probabilityCount == 0) {
      return false; // VW's learner drops it: NOT_LEARNED, from the record path
    }
    long first = i64(p, actions + 4);
    float r = reward(n, -1);
    float fin = m.apprentice[i] ? ((int) first == 1 ? 1f : 0f) : r;
    out.raw(CB_LABEL_COST);
    if (!number(out, -fin)) {
      return false;
    }
    out.raw(CB_LABEL_PROBABILITY);
    if (!number(out, probabilityCount == 0 ? 0f : f32(p, probabilities + 4) * m.pass[i])) {
      return false;
    }
    long chosen = first & U32;
    out.raw(CB_LABEL_ACTION).uint(chosen);
    out.raw(CB_LABEL_INDEX).uint((chosen - 1) & U32);
    if (!learnable) {
      out.raw(SKIP_LEARN);
    }
    out.raw(O_OPEN);
    if (!outcomes(n, out)) {
      return false;
    }
    out.ascii(']');
    out.raw(TIMESTAMP);
    time(m.second[i], out);
    out.raw(VERSION);
    out.raw(EVENT_ID);
    id(i, out);
    out.raw(A_OPEN);
    for (int k = 0; k < actionCount; k++) {
      if (k > 0) {
        out.ascii(',');
      }
      out.uint(i64(p, actions + 4 + 8 * k) & U32);
    }
    out.ascii(']');
    out.raw(C);
    if (!context(p, field(p, root, Slots.CbEvent.CONTEXT), out)) {
      return false;
    }
    out.raw(P_OPEN);
    if (!floats(p, probabilities, out)) {
      return false;
    }
    if (!modelAndPdrop(p, field(p, root, Slots.CbEvent.MODEL_ID), i, out)) {
      return false;
    }
    out.raw(ORIGINAL_LABEL_COST);
    if (!number(out, -r)) {
      return false;
    }
    out.raw(LINE_END);
    // As MetricsCollector.accept: VW's CB action is the id's low 32 bits (SPEC §4.6), so 2^32 + 1 is action 1.
    emitted(i, learnable, 0f + r, r, -1, (int) first == 1);
    return true;
  }

  private boolean ccb(int i, int n, boolean learnable, JsonBytes out) {
    MessageScan m = scan;
    byte[] p = m.bufs[i];
    int root = m.table[i];
    int slotsField = field(p, root, Slots.MultiSlotEvent.SLOTS);
    int slotVector = slotsField + i32(p, slotsField);
    int slotCount = i32(p, slotVector);
    int baselineField = field(p, root, Slots.MultiSlotEvent.BASELINE_ACTIONS);
    int baselines = baselineField == 0 ? 0 : baselineField + i32(p, baselineField);
    int baselineCount = baselineField == 0 ? 0 : i32(p, baselines);
    boolean appr = m.apprentice[i];
    if (appr && slotCount != baselineCount) {
      return false;
    }
    // Each outcome's slot (SPEC §6.3 step 2), as CcbRewards maps them.
    boolean anySlotId = false;
    for (int s = 0; s < slotCount && !anySlotId; s++) {
      anySlotId = field(p, element(p, slotVector, s), Slots.SlotEvent.ID) != 0;
    }
    for (int k = 0; k < n; k++) {
      int e = groupEvents[k];
      int slot;
      if (m.indexKind[e] == KIND_NUMERIC) {
        slot = m.numericIndex[e];
      } else if (m.indexKind[e] == KIND_LITERAL) {
        if (!anySlotId || m.literalLen[e] == 0) {
          slot = -1;
        } else {
          slot = slotById(p, slotVector, slotCount, m.bufs[e], m.literalPos[e], m.literalLen[e]);
          if (slot < 0) {
            return false; // an unmatched slot id is reported by the record path
          }
        }
      } else {
        slot = -1;
      }
      outcomeSlot[k] = slot >= 0 && slot < slotCount ? slot : -1;
    }
    if (slotFinal.length < slotCount) {
      slotFinal = new float[slotCount];
      slotOriginal = new float[slotCount];
    }
    float d = effective.defaultReward();
    for (int s = 0; s < slotCount; s++) {
      boolean any = false;
      for (int k = 0; k < n && !any; k++) {
        any = outcomeSlot[k] == s;
      }
      float r = any ? reward(n, s) : d;
      slotOriginal[s] = r;
      if (appr) {
        int slot = element(p, slotVector, s);
        int af = field(p, slot, Slots.SlotEvent.ACTION_IDS);
        int count = af == 0 ? 0 : i32(p, af + i32(p, af));
        long firstAction = count == 0 ? 0 : i32(p, af + i32(p, af) + 4) & U32;
        slotFinal[s] = CcbRewards.apprenticeReward(count != 0, firstAction, i32(p, baselines + 4 + 4 * s));
      } else {
        slotFinal[s] = r;
      }
    }
    out.raw(FIRST_TIMESTAMP);
    time(m.second[i], out);
    if (!learnable) {
      out.raw(SKIP_LEARN);
    }
    out.raw(VERSION);
    topLevelEventId(i, out);
    out.raw(C);
    if (!context(p, field(p, root, Slots.MultiSlotEvent.CONTEXT), out)) {
      return false;
    }
    out.raw(SLOTS_OPEN);
    for (int s = 0; s < slotCount; s++) {
      int slot = element(p, slotVector, s);
      if (s > 0) {
        out.ascii(',');
      }
      out.raw(SLOT_LABEL_COST);
      if (!number(out, -slotFinal[s])) {
        return false;
      }
      int idField = field(p, slot, Slots.SlotEvent.ID);
      if (idField != 0) {
        int at = idField + i32(p, idField);
        out.raw(SLOT_ID).string(p, at + 4, i32(p, at));
      } else {
        out.raw(SLOT_ID);
        id(i, out);
      }
      if (forTraining && sizesDiffer(p, slot)) {
        return false; // NOT_LEARNED, from the record path
      }
      out.raw(SLOT_A_OPEN);
      slotActions(p, slot, out);
      out.raw(SLOT_P_OPEN);
      if (!slotProbabilities(p, slot, out)) {
        return false;
      }
      boolean any = false;
      for (int k = 0; k < n && !any; k++) {
        any = outcomeSlot[k] == s;
      }
      if (any) {
        out.raw(SLOT_O_OPEN);
        boolean firstEntry = true;
        for (int k = 0; k < n; k++) {
          if (outcomeSlot[k] != s) {
            continue;
          }
          if (!firstEntry) {
            out.ascii(',');
          }
          firstEntry = false;
          int e = groupEvents[k];
          if (!outcomeValueAndId(e, out)) {
            return false;
          }
          out.raw(OUTCOME_INDEX);
          if (m.indexKind[e] == KIND_LITERAL) {
            out.string(m.bufs[e], m.literalPos[e], m.literalLen[e]);
          } else {
            int index = m.numericIndex[e];
            out.ascii('"');
            if (index < 0) {
              out.ascii('-');
            }
            out.uint(Math.abs((long) index));
            out.ascii('"');
          }
          out.raw(OUTCOME_ACTION_TAKEN).bool(m.taken[e]);
          out.ascii('}');
        }
        out.ascii(']');
      }
      out.raw(ORIGINAL_LABEL_COST);
      if (!number(out, -slotOriginal[s])) {
        return false;
      }
      out.ascii('}');
    }
    out.ascii(']');
    if (baselineCount > 0) {
      out.raw(BASELINE_OPEN);
      for (int k = 0; k < baselineCount; k++) {
        if (k > 0) {
          out.ascii(',');
        }
        out.uint(Integer.toUnsignedLong(i32(p, baselines + 4 + 4 * k)));
      }
      out.ascii(']');
    }
    if (!modelAndPdrop(p, field(p, root, Slots.MultiSlotEvent.MODEL_ID), i, out)) {
      return false;
    }
    out.raw(LINE_END);
    float sum = 0f;
    for (int s = 0; s < slotCount; s++) {
      sum += slotOriginal[s];
    }
    emitted(i, learnable, sum, slotCount == 0 ? 0f : slotOriginal[0], comparison(p, slotVector, slotCount,
        baselines, baselineCount), false);
    return true;
  }

  /** Slot 0's first action against the first baseline action: 1 equal, 0 not, -1 when either is missing. */
  private static int comparison(byte[] p, int slotVector, int slotCount, int baselines, int baselineCount) {
    if (slotCount == 0 || baselineCount == 0) {
      return -1;
    }
    int slot = element(p, slotVector, 0);
    int af = field(p, slot, Slots.SlotEvent.ACTION_IDS);
    if (af == 0 || i32(p, af + i32(p, af)) == 0) {
      return -1;
    }
    int chosen = i32(p, af + i32(p, af) + 4);
    return chosen == i32(p, baselines + 4) ? 1 : 0;
  }

  /** The first slot whose id equals the literal, or -1. */
  private static int slotById(byte[] p, int slotVector, int slotCount, byte[] lb, int literal, int length) {
    for (int s = 0; s < slotCount; s++) {
      int idField = field(p, element(p, slotVector, s), Slots.SlotEvent.ID);
      if (idField == 0) {
        continue;
      }
      int at = idField + i32(p, idField);
      if (i32(p, at) == length && (length == 0 || sameBytes(p, at + 4, lb, literal, length))) {
        return s;
      }
    }
    return -1;
  }

  private boolean slates(int i, int n, boolean learnable, JsonBytes out) {
    MessageScan m = scan;
    if (m.apprentice[i]) {
      return false; // APPRENTICE_NOT_IMPLEMENTED is reported by the record path
    }
    byte[] p = m.bufs[i];
    int root = m.table[i];
    float r = reward(n, -1);
    out.raw(FIRST_TIMESTAMP);
    time(m.second[i], out);
    out.raw(VERSION);
    topLevelEventId(i, out);
    out.raw(LABEL_COST);
    if (!number(out, -r)) {
      return false;
    }
    out.raw(O_OPEN);
    if (!outcomes(n, out)) {
      return false;
    }
    out.ascii(']');
    out.raw(SLOTS_OPEN);
    int slotsField = field(p, root, Slots.MultiSlotEvent.SLOTS);
    int slotVector = slotsField + i32(p, slotsField);
    int slotCount = i32(p, slotVector);
    for (int s = 0; s < slotCount; s++) {
      int slot = element(p, slotVector, s);
      if (s > 0) {
        out.ascii(',');
      }
      out.raw(SLATES_SLOT_A_OPEN);
      slotActions(p, slot, out);
      out.raw(SLOT_P_OPEN);
      if (!slotProbabilities(p, slot, out)) {
        return false;
      }
      out.ascii('}');
    }
    out.ascii(']');
    if (!lineEnd(p, field(p, root, Slots.MultiSlotEvent.CONTEXT),
        field(p, root, Slots.MultiSlotEvent.MODEL_ID), i, learnable, out)) {
      return false;
    }
    int baselineField = field(p, root, Slots.MultiSlotEvent.BASELINE_ACTIONS);
    int baselines = baselineField == 0 ? 0 : baselineField + i32(p, baselineField);
    int baselineCount = baselineField == 0 ? 0 : i32(p, baselines);
    emitted(i, learnable, 0f + r, r, comparison(p, slotVector, slotCount, baselines, baselineCount), false);
    return true;
  }

  private boolean ca(int i, int n, boolean learnable, JsonBytes out) {
    MessageScan m = scan;
    if (m.apprentice[i]) {
      return false; // APPRENTICE_NOT_IMPLEMENTED is reported by the record path
    }
    byte[] p = m.bufs[i];
    int root = m.table[i];
    float r = reward(n, -1);
    out.raw(CA_COST);
    if (!number(out, -r)) {
      return false;
    }
    out.raw(CA_PDF_VALUE);
    if (!number(out, floatField(p, root, Slots.CaEvent.PDF_VALUE))) {
      return false;
    }
    out.raw(CA_ACTION);
    if (!number(out, floatField(p, root, Slots.CaEvent.ACTION))) {
      return false;
    }
    out.ascii('}');
    out.raw(TIMESTAMP);
    time(m.second[i], out);
    out.raw(VERSION);
    out.raw(EVENT_ID);
    id(i, out);
    if (!lineEnd(p, field(p, root, Slots.CaEvent.CONTEXT), field(p, root, Slots.CaEvent.MODEL_ID), i,
        learnable, out)) {
      return false;
    }
    emitted(i, learnable, 0f + r, 0f, -1, false);
    return true;
  }

  /** The end of a slates or CA line: the context, the model and pdrop, and skipLearn when it is not learnable. */
  private boolean lineEnd(byte[] p, int contextField, int modelField, int i, boolean learnable, JsonBytes out) {
    out.raw(C);
    if (!context(p, contextField, out)) {
      return false;
    }
    if (!modelAndPdrop(p, modelField, i, out)) {
      return false;
    }
    if (!learnable) {
      out.raw(SKIP_LEARN);
    }
    out.raw(LINE_END);
    return true;
  }

  /** The entries of a CB or slates "o" array: the group's outcomes in order. */
  private boolean outcomes(int n, JsonBytes out) {
    for (int k = 0; k < n; k++) {
      if (k > 0) {
        out.ascii(',');
      }
      int e = groupEvents[k];
      if (!outcomeValueAndId(e, out)) {
        return false;
      }
      out.raw(OUTCOME_ACTION_TAKEN).bool(scan.taken[e]);
      out.ascii('}');
    }
    return true;
  }

  private boolean outcomeValueAndId(int e, JsonBytes out) {
    if (!scan.taken[e]) {
      out.raw(OUTCOME_V);
      if (!number(out, scan.value[e])) {
        return false;
      }
      out.raw(EVENT_ID);
    } else {
      out.raw(OUTCOME_EVENT_ID_FIRST);
    }
    id(e, out);
    return true;
  }

  private void slotActions(byte[] p, int slot, JsonBytes out) {
    int f = field(p, slot, Slots.SlotEvent.ACTION_IDS);
    if (f != 0) {
      int v = f + i32(p, f);
      int count = i32(p, v);
      for (int k = 0; k < count; k++) {
        if (k > 0) {
          out.ascii(',');
        }
        out.uint(i32(p, v + 4 + 4 * k) & U32);
      }
    }
    out.ascii(']');
  }

  /** Whether a slot has actions and probabilities, in different numbers. */
  private static boolean sizesDiffer(byte[] p, int slot) {
    int a = field(p, slot, Slots.SlotEvent.ACTION_IDS);
    int f = field(p, slot, Slots.SlotEvent.PROBABILITIES);
    int actions = a == 0 ? 0 : i32(p, a + i32(p, a));
    int probabilities = f == 0 ? 0 : i32(p, f + i32(p, f));
    return actions != 0 && probabilities != 0 && actions != probabilities;
  }

  private boolean slotProbabilities(byte[] p, int slot, JsonBytes out) {
    int f = field(p, slot, Slots.SlotEvent.PROBABILITIES);
    if (f == 0) {
      out.ascii(']');
      return true;
    }
    return floats(p, f + i32(p, f), out);
  }

  /** The elements of the float vector at {@code vector}, comma-separated, then ']'; false at a non-finite one. */
  private static boolean floats(byte[] p, int vector, JsonBytes out) {
    int count = i32(p, vector);
    for (int k = 0; k < count; k++) {
      if (k > 0) {
        out.ascii(',');
      }
      if (!number(out, f32(p, vector + 4 + 4 * k))) {
        return false;
      }
    }
    out.ascii(']');
    return true;
  }

  /** Writes event {@code i}'s id as a JSON string: copied whole when no byte needs an escape. */
  private void id(int i, JsonBytes out) {
    MessageScan m = scan;
    if (m.idPlain[i]) {
      out.ascii('"').raw(m.message, m.idPos[i], m.idLen[i]).ascii('"');
    } else {
      out.string(m.message, m.idPos[i], m.idLen[i]);
    }
  }

  /** CCB and slates write the top-level id only when it is non-empty, cut at its first NUL. */
  private void topLevelEventId(int i, JsonBytes out) {
    MessageScan m = scan;
    if (m.idLen[i] > 0) {
      out.raw(EVENT_ID).string(m.message, m.idPos[i], untilNul(m.message, m.idPos[i], m.idLen[i]));
    }
  }

  /** {@code "VWState":{"m":model}} with the model id cut at its first NUL, then pdrop when it is not 0. */
  private boolean modelAndPdrop(byte[] p, int modelField, int i, JsonBytes out) {
    out.raw(VW_STATE);
    if (modelField == 0) {
      out.raw(NO_MODEL);
    } else {
      int at = modelField + i32(p, modelField);
      out.string(p, at + 4, untilNul(p, at + 4, i32(p, at)));
    }
    out.ascii('}');
    float pdrop = 1f - scan.pass[i];
    if (pdrop != 0f) {
      out.raw(PDROP);
      return number(out, pdrop);
    }
    return true;
  }

  private static int untilNul(byte[] b, int pos, int len) {
    for (int k = 0; k < len; k++) {
      if (b[pos + k] == 0) {
        return k;
      }
    }
    return len;
  }

  /**
   * Copies the context and checks it in one pass, turning newlines into spaces; false when it is empty, larger than
   * {@link ReadLimits#maxContextSize()} or not one JSON object (the record path then reports why).
   */
  private boolean context(byte[] p, int contextField, JsonBytes out) {
    int v = contextField + i32(p, contextField);
    int length = i32(p, v);
    if (length == 0 || length > limits.maxContextSize()) {
      return false; // beyond the limit the record path skips the interaction: LIMIT_EXCEEDED (EventDecoder)
    }
    if (forTraining && AidReferences.mayReference(p, v + 4, v + 4 + length)) {
      return false; // dedup references, expanded for training by the record path (SingleJoiner)
    }
    int start = out.length();
    out.raw(p, v + 4, length);
    return JsonSyntax.isObjectReplacingNewlines(out.array(), start, start + length);
  }

  private static boolean number(JsonBytes out, float v) {
    if (!Float.isFinite(v)) {
      return false;
    }
    out.number(v);
    return true;
  }

  private void time(long epochSecond, JsonBytes out) {
    if (!timeCached || epochSecond != cachedSecond) {
      cachedTime[0] = '"';
      int end = TimeText.write(epochSecond, cachedTime, 1);
      if (end < 0) {
        byte[] text = ('"' + TimeText.format(epochSecond) + '"').getBytes(StandardCharsets.US_ASCII);
        out.raw(text);
        timeCached = false;
        return;
      }
      cachedTime[end] = '"';
      cachedTimeLength = end + 1;
      cachedSecond = epochSecond;
      timeCached = true;
    }
    out.raw(cachedTime, 0, cachedTimeLength);
  }
}
