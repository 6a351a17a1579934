import { SimpleGrid, Skeleton, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import { accountName } from "./accountName";
import classes from "./cash.module.css";
import type { CashAccount } from "./types";

interface Props {
  accounts: readonly CashAccount[] | undefined;
  selectedId: string | undefined;
  onSelect: (account: CashAccount) => void;
}

/** Each cash account with its balance (live); the chosen one opens its ledger. */
export function AccountCards({ accounts, selectedId, onSelect }: Props) {
  const { t } = useTranslation("cash");
  if (!accounts) return <Skeleton h={84} radius="md" />;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="cash-account-cards">
      {accounts.map((a) => {
        const name = accountName(t, a);
        const kind = t(`accountKinds.${a.kind}`);
        // Where the account is, and its kind unless the name already says it.
        const detail = [a.storeId ? a.storeName : t("accounts.company"), name === kind ? null : kind].filter(Boolean).join(" · ");
        return (
          <UnstyledButton
            key={a._id}
            className={classes.accountCard}
            data-selected={a._id === selectedId || undefined}
            aria-pressed={a._id === selectedId}
            onClick={() => onSelect(a)}
            data-testid="cash-account"
            data-kind={a.kind}
            data-balance={a.balanceCents ?? undefined}
          >
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {detail}
            </Text>
            {a.balanceCents === null ? (
              <Text size="sm" c="dimmed" mt={4} data-testid="cash-account-balance-hidden">
                {t("accounts.hiddenWhileCounting")}
              </Text>
            ) : (
              <Text fz={{ base: "lg", sm: "xl" }} fw={700} mt={4} data-testid="cash-account-balance">
                {formatUSD(a.balanceCents)}
              </Text>
            )}
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
