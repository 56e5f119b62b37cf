-- AlterEnum
ALTER TYPE "MessageKind" ADD VALUE 'ABUSE_REPORT';
