package dev.jvmbench.sample.ledger.seed;

/** IBANs for seeded accounts, with real ISO 13616 check digits (bank code LDGR, the branch, the account id). */
final class Iban {

    private Iban() {
    }

    static String of(String country, long branchId, long accountId) {
        String bban = String.format("LDGR%02d%012d", branchId, accountId);
        int check = 98 - mod97(bban + country + "00");
        return country + String.format("%02d", check) + bban;
    }

    /** The remainder of the number the characters spell (letters as 10 to 35), digit by digit. */
    private static int mod97(String characters) {
        int remainder = 0;
        for (int i = 0; i < characters.length(); i++) {
            int value = Character.getNumericValue(characters.charAt(i));
            remainder = (value >= 10 ? remainder * 100 + value : remainder * 10 + value) % 97;
        }
        return remainder;
    }
}
