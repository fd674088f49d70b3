package io.github.vwbinlog.core.text;

import java.nio.charset.StandardCharsets;

/**
 * The fixed fragments of DSJSON lines, punctuation included, in the order SPEC §8.4 gives per type: shared by
 * {@link DsjsonWriter} and the conversion fast path so that both write the same bytes.
 */
public final class DsjsonFragments {
  private DsjsonFragments() {}

  public static final byte[] CB_LABEL_COST = ascii("{\"_label_cost\":");
  public static final byte[] CB_LABEL_PROBABILITY = ascii(",\"_label_probability\":");
  public static final byte[] CB_LABEL_ACTION = ascii(",\"_label_Action\":");
  public static final byte[] CB_LABEL_INDEX = ascii(",\"_labelIndex\":");
  public static final byte[] SKIP_LEARN = ascii(",\"_skipLearn\":true");
  public static final byte[] O_OPEN = ascii(",\"o\":[");
  public static final byte[] TIMESTAMP = ascii(",\"Timestamp\":");
  public static final byte[] FIRST_TIMESTAMP = ascii("{\"Timestamp\":");
  public static final byte[] VERSION = ascii(",\"Version\":\"1\"");
  public static final byte[] EVENT_ID = ascii(",\"EventId\":");
  public static final byte[] A_OPEN = ascii(",\"a\":[");
  public static final byte[] C = ascii(",\"c\":");
  public static final byte[] P_OPEN = ascii(",\"p\":[");
  public static final byte[] VW_STATE = ascii(",\"VWState\":{\"m\":");
  public static final byte[] PDROP = ascii(",\"pdrop\":");
  public static final byte[] ORIGINAL_LABEL_COST = ascii(",\"_original_label_cost\":");
  public static final byte[] OUTCOME_V = ascii("{\"v\":");
  public static final byte[] OUTCOME_EVENT_ID_FIRST = ascii("{\"EventId\":");
  public static final byte[] OUTCOME_INDEX = ascii(",\"Index\":");
  public static final byte[] OUTCOME_ACTION_TAKEN = ascii(",\"ActionTaken\":");
  public static final byte[] SLOTS_OPEN = ascii(",\"_outcomes\":[");
  public static final byte[] SLOT_LABEL_COST = ascii("{\"_label_cost\":");
  public static final byte[] SLOT_ID = ascii(",\"_id\":");
  public static final byte[] SLOT_A_OPEN = ascii(",\"_a\":[");
  public static final byte[] SLATES_SLOT_A_OPEN = ascii("{\"_a\":[");
  public static final byte[] SLOT_P_OPEN = ascii(",\"_p\":[");
  public static final byte[] SLOT_O_OPEN = ascii(",\"_o\":[");
  public static final byte[] BASELINE_OPEN = ascii(",\"_ba\":[");
  public static final byte[] LABEL_COST = ascii(",\"_label_cost\":");
  public static final byte[] CA_COST = ascii("{\"_label_ca\":{\"cost\":");
  public static final byte[] CA_PDF_VALUE = ascii(",\"pdf_value\":");
  public static final byte[] CA_ACTION = ascii(",\"action\":");
  public static final byte[] LINE_END = ascii("}\n");


  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
